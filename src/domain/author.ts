/**
 * Who wrote a message or made a change in a conversation or a support ticket: the partner (through the API) or the
 * brokerage (its operators, through the operator API and CLI; the simulator plays it in stage).
 */
export const authors = ['partner', 'brokerage'] as const;
export type Author = (typeof authors)[number];
