// The proof of work's solver, run in a dedicated worker so that the form's main thread stays free
// for the visitor's typing (docs/decisions/045-public-pages-as-islands.md). ALTCHA's own worker
// script: it takes `{ type: "work", payload }` and answers the solution, or null.
import "altcha-lib/v1/worker";
