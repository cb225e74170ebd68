import { describe, expect, it } from 'vitest';
import { type ConversationStatus, canMoveConversation, conversationTakesMessages } from './conversation-status.js';

describe('conversation moves', () => {
  it.each<[ConversationStatus, ConversationStatus, boolean]>([
    ['OPEN', 'CLOSED', true],
    ['OPEN', 'OPEN', false],
    ['CLOSED', 'OPEN', false],
    ['CLOSED', 'CLOSED', false],
  ])('%s -> %s: %s', (from, to, allowed) => {
    expect(canMoveConversation(from, to)).toBe(allowed);
  });

  it.each<[ConversationStatus, boolean]>([
    ['OPEN', true],
    ['CLOSED', false],
  ])('a %s conversation takes messages: %s', (status, takes) => {
    expect(conversationTakesMessages(status)).toBe(takes);
  });
});
