/** An action as it is stored in a game record: plain JSON with a `type`. */
export type GameAction = { readonly type: string } & Readonly<Record<string, unknown>>;
