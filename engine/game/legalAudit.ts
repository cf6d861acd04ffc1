import type { GameAction, GameDef } from './gameDef';
import { actionRng, pick } from './legal';

/**
 * Legal-play fuzzing: plays a game with random legal actions and checks, at every decision, that
 * what the ruleset says a side may do the rules accept: every action `legalActions` lists and
 * several `sampleAction` draws (a ruleset may offer both). It plays on with a draw where there
 * is one, else a listed action. Tests run it per ruleset over many states reached by playing.
 */

export interface LegalAudit {
  /** Each refusal, in words: where, which action, the rules' reason. */
  readonly problems: readonly string[];
  /** Decisions looked at and actions checked. */
  readonly decisions: number;
  readonly checked: number;
  readonly over: boolean;
  readonly turn: number;
}

export interface LegalAuditOptions {
  readonly seed: number;
  /** Actions to play before stopping (default 3000). */
  readonly maxActions?: number;
  /**
   * Check the whole listing at every n-th decision only (default 1: every one), for a ruleset
   * whose listing is long; draws are checked at every decision.
   */
  readonly listEvery?: number;
  /** Draws checked per decision where the ruleset samples (default 4). */
  readonly samples?: number;
  readonly turnLimit?: number;
}

/** Plays one game at random and checks every decision's legal actions against `reduce`. */
export function auditLegalPlay<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  options: LegalAuditOptions,
): LegalAudit {
  if (!game.legalActions && !game.sampleAction)
    throw new Error(`${game.rulesetId} offers neither legalActions nor sampleAction`);
  const rng = actionRng(options.seed ^ 0x5eed);
  let state = game.newGame({
    seed: options.seed,
    ...(options.turnLimit !== undefined ? { turnLimit: options.turnLimit } : {}),
  });
  const problems: string[] = [];
  let decisions = 0;
  let checked = 0;
  const max = options.maxActions ?? 3000;
  const samples = options.samples ?? 4;
  for (let n = 0; n < max && problems.length < 20; n++) {
    const status = game.status(state);
    if (status.over) break;
    const side = status.waitingFor[0];
    if (side === undefined) {
      problems.push(`turn ${status.turn}, ${status.phase}: nobody is asked to act`);
      break;
    }
    decisions++;
    const where = `turn ${status.turn}, ${status.phase}, ${side}`;
    const choices: A[] = [];
    if (game.legalActions && (decisions - 1) % (options.listEvery ?? 1) === 0) {
      choices.push(...game.legalActions(state, side));
      if (!choices.length) problems.push(`${where}: asked to act, but no legal action is listed`);
    }
    const drawn: A[] = [];
    if (game.sampleAction)
      for (let k = 0; k < samples; k++) {
        const a = game.sampleAction(state, side, rng);
        if (a === undefined) {
          problems.push(`${where}: asked to act, but sampleAction found nothing`);
          break;
        }
        drawn.push(a);
      }
    choices.push(...drawn);
    for (const a of choices) {
      checked++;
      const r = game.reduce(state, a);
      if (!r.ok) problems.push(`${where}: ${JSON.stringify(a)} refused: ${r.reason}`);
    }
    const chosen = pick(rng, drawn.length ? drawn : choices) ?? game.endPhaseAction(state, side);
    const r = game.reduce(state, chosen);
    if (r.ok) state = r.state;
    else {
      const end = game.reduce(state, game.endPhaseAction(state, side));
      if (!end.ok) {
        problems.push(`${where}: neither a legal action nor the phase's end is accepted`);
        break;
      }
      state = end.state;
    }
  }
  const status = game.status(state);
  return { problems, decisions, checked, over: status.over, turn: status.turn };
}
