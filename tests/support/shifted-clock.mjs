// Loaded into a server process with `node --import` by the browser tests of a working week: the
// process's clock runs `offset` milliseconds ahead of the machine's, the offset read from the file
// TEST_CLOCK_FILE at every reading, so a test moves the server from day to day while it runs.
// Timers keep real time. Nothing of the server knows of it; it only sees `Date`.
import { readFileSync } from "node:fs";
import process from "node:process";

const file = process.env.TEST_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  const offset = () => {
    try {
      return Number(readFileSync(file, "utf8")) || 0;
    } catch {
      return 0;
    }
  };
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset());
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset();
    }
  }
  globalThis.Date = ShiftedDate;
}
