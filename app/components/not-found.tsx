import { notFound, product } from "../content/site";
import "./not-found.css";

/**
 * The error page: an address the site does not have (the server answers it with 404), or a
 * failure while showing a page. Both read as the specification's 'Unexpected Application Error!'.
 */
export function NotFound({ message = notFound.message }: { message?: string }) {
  return (
    <main id="main" className="not-found container">
      <title>{`${notFound.title} | ${product.fullName}`}</title>
      <meta name="robots" content="noindex" />
      <h1>{notFound.title}</h1>
      <p className="lead">{message}</p>
      <a href="/" className="button">
        {notFound.homeLink}
      </a>
    </main>
  );
}
