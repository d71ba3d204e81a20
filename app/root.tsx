import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { AppBehaviours } from "~/components/app-behaviours";
import { ErrorPage } from "~/components/error-page";
import { JsonLd } from "~/components/json-ld";
import { NewsBanner } from "~/components/news-banner";
import { PaymentBanner } from "~/components/payment-banner";
import { SiteShell } from "~/components/site-shell";
import { bodyAttributes, defineHandle, mergeRouteHandles } from "~/lib/route-handle";
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, organizationJsonLd } from "~/lib/seo";
import { useNonce } from "~/lib/nonce";
// One server module for the loader, so the browser build keeps one empty stand-in inside this chunk.
import {
  analyticsConfigFor,
  data,
  getEnv,
  getMarketingConfig,
  getMemberSummary,
  getNewsBanner,
  getVisitor,
  publicIdentityConfig,
} from "~/server/root-data.server";
import { AuthRuntime } from "~/components/auth-runtime";
import { useLiveMember } from "~/components/live-user";
import { styleLinks } from "~/styles/links";

export const handle = defineHandle({ name: "page" });

export const links = () => styleLinks;

/** A loader that marks its page private (a member's, or one showing personal data) wins over the page cache. */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export const meta = () => [{ title: DEFAULT_TITLE }, { name: "description", content: DEFAULT_DESCRIPTION }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [visitor, newsBanner, marketing] = await Promise.all([getVisitor(request), getNewsBanner(), getMarketingConfig()]);
  // Only a member's signed cookie leads to a session check: everyone else gets the same page, which
  // the front door may keep and share.
  const member = visitor.member ? await getMemberSummary(request, context) : null;
  const headers = new Headers();
  if (visitor.setCookie) headers.append("Set-Cookie", visitor.setCookie);
  if (member) headers.set("Cache-Control", "private, no-store");
  return data(
    {
      siteUrl: getEnv().PUBLIC_SITE_URL,
      variants: visitor.variants,
      newsBanner,
      identity: publicIdentityConfig(member),
      member,
      // A pseudonym, never the uid; contact details only when the operator turns them on (issue 23).
      analytics: { key: getEnv().ANALYTICS_KEY, endpoint: getEnv().ANALYTICS_ENDPOINT, ...analyticsConfigFor(member) },
      // Ad pixel, tag manager, social script: null unless configured (issue 13).
      marketing,
    },
    { headers },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const matches = useMatches();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const handle = mergeRouteHandles(matches.map((match) => match.handle));
  const siteUrl = rootData?.siteUrl ?? "http://localhost:3000";
  const member = useLiveMember(rootData?.member ?? null);
  return (
    <html lang="en" data-theme={handle.theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={handle.theme === "dark" ? "#12141b" : "#faf8f5"} />
        <link rel="icon" href="/favicon.ico" sizes="any" />
        <link rel="icon" href="/logo.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        <JsonLd data={organizationJsonLd(siteUrl)} />
      </head>
      <body {...bodyAttributes(handle)}>
        <div id="app">
          {/* The back office draws its own quiet shell (app/routes/staff/route.tsx). */}
          {handle.shell === "staff" ? (
            children
          ) : (
            <SiteShell
              handle={handle}
              member={member}
              banner={
                <>
                  {member?.record.subscriptionStatus === "past_due" ? <PaymentBanner /> : null}
                  {handle.banner && rootData?.newsBanner ? <NewsBanner banner={rootData.newsBanner} /> : null}
                </>
              }
            >
              {children}
            </SiteShell>
          )}
        </div>
        <AppBehaviours handle={handle} />
        {rootData?.identity ? (
          <AuthRuntime config={rootData.identity} memberUid={rootData.member?.uid ?? null} localTimes={handle.localTimes} />
        ) : null}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const handle = mergeRouteHandles(matches.map((match) => match.handle));
  // §2: an article is keyed by its path (a new article mounts afresh); other pages by route name.
  return <Outlet key={handle.key === "path" ? pathname : handle.name} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} title="Page not found" message={`Page not found: ${pathname}`} />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // §8: other errors read "Internal Server Error" unless the response gave its own status message.
  const message = isRouteErrorResponse(error) && error.statusText ? error.statusText : "Internal Server Error";
  return <ErrorPage status={status} title={status >= 500 ? "Something went wrong" : message} message={message} />;
}
