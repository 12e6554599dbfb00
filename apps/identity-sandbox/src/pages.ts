import type { DemoAccount } from './accounts';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The sign-in page: a developer picks who to be instead of typing a password. */
export function signInPage(action: string, clientName: string, accounts: readonly DemoAccount[]): string {
  const choices = accounts
    .map(
      (account) =>
        `<li><button type="submit" name="accountId" value="${escape(account.accountId)}">` +
        `${escape(account.name)}</button> <small>${escape(account.accountId)}, ${account.role}</small></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in – identity stand-in</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}
ul{list-style:none;padding:0}li{margin:.5rem 0}button{font:inherit;padding:.5rem .75rem}</style></head>
<body><main><h1>Sign in to ${escape(clientName)}</h1>
<p>This is the local identity stand-in: pick a demo person. A real deployment signs in with its own provider.</p>
<form method="post" action="${escape(action)}"><ul>${choices}</ul></form></main></body></html>`;
}
