/**
 * A JSON Schema pattern for free text as PostgreSQL stores it: any character but NUL, which a text column refuses
 * (the insert would fail as an unexpected 503 instead of the client's 400).
 */
export const storableText = '^[^\\u0000]*$';
