// A tally of named checks for the Node test scripts: report failures as they happen, print
// the summary, exit 1 when any failed.
export function createChecks(title) {
  let failures = 0;
  let total = 0;
  return {
    check(cond, what) {
      total += 1;
      if (!cond) {
        failures += 1;
        console.error('FAIL:', what);
      }
    },
    finish() {
      console.log(`${title}: ${total - failures}/${total} checks hold`);
      process.exit(failures ? 1 : 0);
    },
  };
}
