import type { LogLine } from '../../../playtest/view';
import type { Ww1Context } from '../game';
import { hexName, type Ww1Event, type Ww1State } from '../rules/turn';

/** Why a tank did not gain ground or got no bonus combat, by the rule that says so. */
const WHY: Readonly<Record<string, string>> = {
  'WW-6.3(a)': 'it entered terrain that stops movement this turn',
  'WW-6.3(b)': 'First Strike ordered it',
  'WW-6.3(c)': 'it played Surprise Ambush',
  'WW-6.3(d)': 'it played Butt & Bayonet',
  'WW-6.3': 'the combat card it played forbids it',
  'WW-6.3(e)': 'it may not enter the vacated hex',
  'WW-A6': 'it was not ordered this turn',
  'WW-7.4': 'it bogged down',
  'WW-A4': 'it gained ground into a building hex',
  'WW-A5': 'it gained ground into wire',
  'WW-7.6': 'it has had its bonus combat this turn',
};

/** The readable log lines of one WWI event. */
export function describeWw1(ctx: Ww1Context, e: Ww1Event, s: Ww1State): LogLine[] {
  const name = (id: string) => ctx.names.get(id) ?? id;
  const side = (id: string) => ctx.sideNames.get(id) ?? id;
  const card = (id: string) => ctx.rules.commands[id]?.name ?? ctx.rules.combats[id]?.name ?? id;
  const line = (
    text: string,
    tone: LogLine['tone'],
    units: readonly string[] = [],
    rules: readonly string[] = [],
    dice: readonly number[] = [],
  ): LogLine => ({ text, tone, units: [...units], ruleIds: [...rules], dice: [...dice] });
  switch (e.type) {
    case 'deck': {
      const deck = e.deck === 'command' ? 'command' : 'combat';
      const d = e.event;
      if (d.type === 'draw')
        return d.cards.length
          ? [
              line(
                `${side(d.hand)} draws ${d.cards.map(card).join(', ')} (${deck} card${d.cards.length === 1 ? '' : 's'})${d.short ? `; ${d.short} short, the deck is empty` : ''}`,
                'phase',
                [],
                ['WW-G1'],
              ),
            ]
          : [];
      if (d.type === 'reshuffle')
        return [line(`The ${deck} discards are shuffled into a new deck`, 'phase', [], ['WW-G1'])];
      return [];
    }
    case 'cardPlayed': {
      const c = ctx.rules.commands[e.card];
      return [
        line(
          `${side(e.side)} plays ${card(e.card)}: up to ${c?.units ?? '?'} unit${c?.units === 1 ? '' : 's'} in ${c?.sections.join(' or ') ?? '?'}`,
          'phase',
          [],
          ['WW-G1'],
        ),
      ];
    }
    case 'ordered':
      return [line(`Ordered: ${e.units.map(name).join(', ')}`, 'move', e.units, ['WW-2.1'])];
    case 'moved':
      return [
        line(
          `${name(e.unit)} moves to ${hexName(e.to)} (${e.path.length} hex${e.path.length === 1 ? '' : 'es'})`,
          'move',
          [e.unit],
        ),
      ];
    case 'wireRemoved':
      return [
        line(`The wire at ${hexName(e.at)} is crushed by a tank and gone`, 'move', [], [e.ruleId]),
      ];
    case 'combatCard':
      return [
        line(`${name(e.unit)} plays the combat card ${card(e.card)}`, 'fire', [e.unit], [e.ruleId]),
      ];
    case 'battle': {
      const kind = e.bonus
        ? e.close
          ? 'bonus close combat against'
          : 'bonus fire at'
        : e.close
          ? 'close combat against'
          : 'fires at';
      const ignored = e.flagsIgnored ? ` (${e.flagsIgnored} ignored)` : '';
      return [
        line(
          `${name(e.unit)}: ${kind} ${name(e.target)}, ${e.dice} dice: ${e.shown.join(', ') || 'none'} — ${e.hits} hit${e.hits === 1 ? '' : 's'}, ${e.flags} flag${e.flags === 1 ? '' : 's'}${ignored}`,
          'fire',
          [e.unit, e.target],
          e.ruleIds,
          e.naturals,
        ),
      ];
    }
    case 'figureLost':
      return [
        line(
          e.why === 'hit'
            ? `${name(e.unit)} loses a figure (${e.left} left)`
            : `${name(e.unit)} cannot retreat and loses a figure instead (${e.left} left)`,
          'result',
          [e.unit],
          ['WW-G4'],
        ),
      ];
    case 'retreated':
      return [line(`${name(e.unit)} retreats to ${hexName(e.to)}`, 'result', [e.unit], ['WW-G4'])];
    case 'eliminated':
      return [
        line(
          `${name(e.unit)} is eliminated: a medal for ${side(e.medalTo)}`,
          'result',
          [e.unit],
          ['WW-G7'],
        ),
      ];
    case 'gainedGround':
      return [
        line(`${name(e.unit)} gains ground into ${hexName(e.to)}`, 'move', [e.unit], [e.ruleId]),
      ];
    case 'noGainGround':
      return [
        line(
          `${name(e.unit)} does not gain ground: ${WHY[e.ruleId] ?? e.ruleId}`,
          'result',
          [e.unit],
          [e.ruleId],
        ),
      ];
    case 'bogDown':
      return [
        line(
          `${name(e.unit)} rolls for bog-down: ${e.shown.join(', ') || 'no dice'} — ${e.bogged ? 'bogged down, it stays put next turn' : 'not bogged down'}`,
          'roll',
          [e.unit],
          e.bogged ? ['WW-G3', 'WW-7.4'] : ['WW-G3'],
          e.naturals,
        ),
      ];
    case 'bonusOpen': {
      const u = s.units[e.unit];
      const female = u && ctx.rules.units[u.type]?.sex === 'female';
      return [
        line(
          `${name(e.unit)} may battle once more: ${female ? 'close combat, or fire if no enemy is next to it' : ctx.rules.options.maleBonusCombat === 'closeOnly' ? 'close combat only' : 'close combat or fire'} (bonus combat, optional)`,
          'phase',
          [e.unit],
          [e.ruleId, female ? 'WW-7.2' : 'WW-7.3'],
        ),
      ];
    }
    case 'noBonus':
      return [
        line(
          `${name(e.unit)} gets no bonus combat: ${WHY[e.ruleId] ?? e.ruleId}`,
          'result',
          [e.unit],
          [e.ruleId],
        ),
      ];
    case 'medals':
      return [
        line(
          `Medals: ${s.sides.map((x) => `${side(x)} ${e.medals[x] ?? 0}`).join(', ')} (${ctx.board.medalsToWin} to win)`,
          'phase',
          [],
          ['WW-G7'],
        ),
      ];
    case 'turnEnded':
      return [line(`${side(e.side)} ends the turn; ${side(e.next)} to play`, 'phase')];
    case 'won':
      return [line(`${side(e.side)} wins with ${e.medals} medals`, 'end', [], ['WW-G7'])];
    case 'draw':
      return [line(`Turn ${e.turn} is over: a draw on medals`, 'end', [], ['WW-G7'])];
  }
}
