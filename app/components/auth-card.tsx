import type { ReactNode } from "react";

/** The centred card that the sign-in, registration and password pages share. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-8">
      <p className="mb-6 text-center text-lg font-bold text-accent-11">Fieldline</p>
      <section className="card">
        <h1 className="text-2xl font-bold">{title}</h1>
        {subtitle ? <p className="mt-1 text-gray-11">{subtitle}</p> : null}
        <div className="mt-5">{children}</div>
      </section>
    </main>
  );
}
