// How the CLI is named and run (docs/decisions/sdk-and-docs.md, "The CLI's name and how it is run (issue #30)"):
// package.json declares the bin under a name of this project's own, and every document and message writes the
// command with `npx --no-install`, which never downloads a package of that name from the registry: outside a clone
// it stops instead of running someone else's code.

/** The bin package.json declares. */
export const binName = 'brokerage-partner-api';

/** The command as every document and usage text writes it. */
export const invocation = `npx --no-install ${binName}`;
