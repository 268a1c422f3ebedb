import { z } from 'zod';

// One wording for a missing field everywhere, instead of zod's "expected string, received undefined".
// Its own module, the contract's only side effect (package.json "sideEffects"), so bundles can drop unused schemas.
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? 'This field is required' : undefined,
});
