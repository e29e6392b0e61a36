/** Resolves in a later task: work after it does not lengthen the task that awaited it (a phone's long tasks). */
export const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
