/** A problem with the command line: printed with a hint to --help, exit code 2. */
export class UsageError extends Error {}
