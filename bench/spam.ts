/**
 * `npm run bench:spam`: scores the labelled set (tests/fixtures/spam-set.json) with the server's
 * own scoring and prints how many genuine enquiries were filed as spam and how much spam got
 * through, by kind. The goal (0 genuine filed as spam, at least 90 % of spam caught) is asserted
 * in CI by tests/reliability/spam-set.test.ts.
 */
import { SPAM_THRESHOLD } from "../server/spam/weights";
import { readSpamSet, scoreSpamSet } from "../tests/support/spam-set";

const set = readSpamSet();
const figures = await scoreSpamSet(set);
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

console.log(
  `Labelled set: ${set.length} enquiries (${figures.genuine} genuine, ${figures.spam} spam), threshold ${SPAM_THRESHOLD}`,
);
console.log(`Genuine filed as spam: ${figures.genuineFiledAsSpam.length} of ${figures.genuine}`);
console.log(
  `Spam got through: ${figures.spamGotThrough.length} of ${figures.spam} (caught ${percent(figures.caught)})`,
);
const byKind = new Map<string, number>();
for (const entry of figures.spamGotThrough) byKind.set(entry.kind, (byKind.get(entry.kind) ?? 0) + 1);
for (const [kind, count] of byKind) console.log(`  through: ${count} × ${kind}`);
for (const entry of figures.genuineFiledAsSpam)
  console.log(`  genuine filed: ${entry.kind}: ${entry.enquiry.Name}`);
console.log(
  `Signals seen: ${Object.entries(figures.reasonsSeen)
    .map(([reason, count]) => `${reason} ${count}`)
    .join(", ")}`,
);
