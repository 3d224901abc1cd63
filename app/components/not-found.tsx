import { notFound } from "../content/site";
import "./not-found.css";

/** The page for an address the site does not have (the server answers it with 404). */
export function NotFound() {
  return (
    <main id="main" className="not-found container">
      <p className="eyebrow">404</p>
      <h1>{notFound.title}</h1>
      <p className="lead">{notFound.message}</p>
      <a href="/" className="button">
        {notFound.homeLink}
      </a>
    </main>
  );
}
