import { Link } from "~/components/link";

/** The 404 and 500 pages, in the same calm voice: what happened, and what to do next. */
export function ErrorPage({ status, title, message }: { status: number; title: string; message: string }) {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <div className="container container--narrow">
        <p className="error-page__status">
          <span className="visually-hidden">Error </span>
          {status}
        </p>
        <h1 id="error-title">{title}</h1>
        <p>{message}</p>
        <p>
          {status === 404
            ? "It may have moved, or the address has a small typo. The home page is a good place to start again."
            : status === 403
              ? "Your account doesn't have access to it. If you think it should, sign in with the account that does, or ask a Stillhour admin."
              : status >= 400 && status < 500
                ? "Nothing was changed. Please go back and try again."
                : "That was on our side, not yours. Take a breath and try again in a moment."}
        </p>
        <div className="button-row">
          <Link className="button" to="/">
            Back to the home page
          </Link>
          {status === 404 ? (
            <Link className="button button--secondary" to="/faq">
              Read the FAQ
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}
