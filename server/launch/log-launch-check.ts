import type { FastifyBaseLogger } from "fastify";
import type { CompanyFacts } from "../../domain/company-facts";
import type { Config } from "../config";
import { messageOf } from "../error-message";
import { launchCheck } from "./launch-check";
import { readLaunchContent } from "./launch-content-file";

/**
 * Logs what `npm run check-launch` would list, one warning per item, from the company's facts in
 * force (`facts`: the Company page's, read through the instance's cache); a failure to tell is
 * logged too.
 */
export async function logLaunchCheck(
  config: Config,
  log: FastifyBaseLogger,
  facts: () => Promise<CompanyFacts>,
): Promise<void> {
  try {
    const content = await readLaunchContent();
    const items = launchCheck(config, content ?? { facts: [] }, await facts());
    if (!content)
      log.warn("The build recorded no brand details (launch-content.json): run npm run check-launch");
    for (const item of items)
      log.warn({ file: item.file, field: item.field }, `not ready to launch: ${item.problem}`);
    if (items.length > 0)
      log.warn(
        { items: items.length },
        "not ready to launch: placeholders or settings remain (npm run check-launch)",
      );
  } catch (error) {
    log.error({ error: messageOf(error) }, "the launch check could not be made");
  }
}
