import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Where a worker thread's script is, and how Node is to load it. */
export interface WorkerScript {
  url: URL;
  execArgv?: string[];
}

/**
 * A worker thread's script beside the module that starts it (`from`, its `import.meta.url`): the
 * TypeScript source under tsx in development and tests; in production the compiled one beside the
 * server's bundle (`build/server/<folder>/<name>.js`), which holds that module in build/server/main.js,
 * in one of the chunks beside it, or in an entry point of its own in `<folder>`.
 */
export function workerScript(from: string, folder: string, name: string, what: string): WorkerScript {
  if (from.endsWith(".ts")) return { url: new URL(`./${name}.ts`, from), execArgv: ["--import", "tsx"] };
  for (const candidate of [`./${folder}/${name}.js`, `../${folder}/${name}.js`, `./${name}.js`]) {
    const url = new URL(candidate, from);
    if (existsSync(fileURLToPath(url))) return { url };
  }
  throw new Error(`${what} (${folder}/${name}.js) is missing from the build`);
}
