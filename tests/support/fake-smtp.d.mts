// Types for fake-smtp.mjs, so that TypeScript tests can import it.
export type CaughtEmail = { from: string; to: string[]; data: string };

export interface FakeSmtp {
  /** e.g. smtp://127.0.0.1:40123 */
  url: string;
  messages: CaughtEmail[];
  close(): Promise<void>;
}

export declare function startFakeSmtp(options?: { onMessage?: (message: CaughtEmail) => void }): Promise<FakeSmtp>;

/** A caught message's subject and text, decoded from its MIME encoding. */
export declare function decodeEmail(data: string): { subject: string; text: string };
