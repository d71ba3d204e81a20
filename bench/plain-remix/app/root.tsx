import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";

const NAV = [
  ["/classes", "Schedule"],
  ["/on-demand", "On demand"],
  ["/my-classes", "My classes"],
  ["/settings", "Settings"],
];

export default function App() {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <header>
          <Link to="/">Reference</Link>
          <nav aria-label="Main">
            {NAV.map(([to, label]) => (
              <Link key={to} to={to}>
                {label}
              </Link>
            ))}
          </nav>
        </header>
        <Outlet />
        <footer>
          <p>A plain Remix page, kept only to be measured beside the real ones.</p>
        </footer>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
