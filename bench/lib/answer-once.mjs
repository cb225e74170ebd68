// The child side of bench/lib/processes.mjs runChild: one spec arrives over IPC, one result (or error) goes back.
// The channel is closed only once the answer has been written: a large answer (the quote ids a quotes run
// collected) would otherwise be cut off by disconnect() and the parent would see no result at all.

export function answerOnce(run) {
  process.once('message', async (spec) => {
    let answer;
    try {
      answer = await run(spec);
    } catch (error) {
      answer = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    process.send(answer, () => process.disconnect());
  });
}
