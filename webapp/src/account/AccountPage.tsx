// The frame of the account routes: a heading, the form, and links to the other account routes.
import type { ReactNode } from 'react'

/** An account route's page. */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="account-page" aria-labelledby="account-title">
      <h1 id="account-title">{title}</h1>
      {children}
    </section>
  )
}
