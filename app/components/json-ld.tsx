import { jsonLdString } from "~/lib/seo";
import { useNonce } from "~/lib/nonce";

/** Structured data for search engines, carrying the response's CSP nonce. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLdString(data) }} />
  );
}
