import { Link } from "react-router";
import { pageTitle } from "../content";
import { appPaths } from "../paths";
import { useEffect } from "react";

export function Component() {
  useEffect(() => {
    document.title = pageTitle("Not found");
  }, []);
  return (
    <>
      <h1>There is no such page</h1>
      <p>
        <Link to={appPaths.inbox}>Go to the inbox</Link>
      </p>
    </>
  );
}
