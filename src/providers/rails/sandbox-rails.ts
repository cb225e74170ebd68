import type { RailProvider } from './rail-provider.js';
import { depositInstructions } from './sandbox/instructions.js';

export const sandboxRails: RailProvider = {
  depositInstructions: (request) => depositInstructions(request),
};
