/** Retries a jest assertion until it passes (the page settles on its own time), then rethrows the last failure. */
export async function eventually(assertion: () => Promise<void> | void, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
