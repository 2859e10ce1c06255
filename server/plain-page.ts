/**
 * A page of its own for answers the app never renders (413, 429, a failure outside the app): a
 * heading, a sentence, a link, and a small line under them (a request's id).
 */
export function plainPage({ title, heading, message, link, footnote }: PlainPage): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${title} · Fieldline</title></head>`,
    `<body><h1>${heading}</h1><p>${message}</p><p><a href="${link.href}">${link.text}</a></p>`,
    footnote ? `<p><small>${footnote}</small></p>` : "",
    "</body></html>",
  ].join("");
}

type PlainPage = {
  title: string;
  heading: string;
  message: string;
  link: { href: string; text: string };
  footnote?: string;
};
