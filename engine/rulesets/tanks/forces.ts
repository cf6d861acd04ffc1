import type { Card, Forces, Formation, RulesetRef, Side } from '../../format';
import { cardPost } from '../../forces/cards';
import type { ForceProblem, ForceSubject } from '../../forces/forceProblem';
import {
  allFormations,
  allUnits,
  unitLabel,
  unitsUnder,
  type PlacedFormation,
} from '../../forces/forceTree';
import type { RulesetCatalog } from '../../forces/rulesetCatalog';

/** Every top-level formation of each side: a TANKS platoon. */
function platoonsOf(forces: Forces): { side: Side; platoon: PlacedFormation | null }[] {
  const out: { side: Side; platoon: PlacedFormation | null }[] = [];
  const formations = allFormations(forces);
  for (const side of forces.sides) {
    const top = formations.filter((p) => p.side.id === side.id && p.path.length === 0);
    if (top.length === 0) continue;
    for (const p of top) out.push({ side, platoon: p });
  }
  return out;
}

/**
 * TANKS platoon building (TK-8): one country per platoon and its Platoon card, tanks and
 * helicopters only, the cards a model may carry (country, alliance, posts, slots, Heroes once,
 * Eye cards face up).
 */
export function checkTanksForces(
  _ruleset: RulesetRef,
  forces: Forces,
  cat: RulesetCatalog,
): ForceProblem[] {
  const out: ForceProblem[] = [];
  const units = allUnits(forces);
  const pointerOf = new Map(units.map((p) => [p.unit.id, p.pointer]));
  for (const { side, platoon } of platoonsOf(forces)) {
    if (!platoon) continue;
    const f: Formation = platoon.formation;
    const members = unitsUnder(f);
    const platoonCard = f.card ? cat.cards.get(f.card) : undefined;
    const modelNations = members
      .map((u) => cat.units.get(u.type)?.nation)
      .filter((n): n is string => !!n);
    const country = side.nation ?? platoonCard?.nations?.[0] ?? modelNations[0];
    const alliance =
      platoonCard?.alliance ??
      side.alliance ??
      members.map((u) => cat.units.get(u.type)?.alliance).find((a) => !!a);
    const fLabel = f.name ?? f.id;
    const fSubject: ForceSubject[] = [{ kind: 'formation', id: f.id }];

    if (!f.card) {
      // Fixed scenario platoons (no points limit) may leave the Platoon card out on purpose.
      if (members.length > 0 && side.pointsLimit !== undefined) {
        out.push({
          check: 'platoon-card',
          severity: 'warning',
          message: `${fLabel} has no Platoon card; a platoon takes one Platoon card of its country`,
          subjects: fSubject,
          pointer: platoon.pointer,
          ruleId: 'TK-8.2',
        });
      }
    } else if (!platoonCard || platoonCard.cardType !== 'platoon') {
      out.push({
        check: 'platoon-card',
        severity: 'error',
        message: `${fLabel} names "${f.card}" as its Platoon card, but the catalog has no such Platoon card`,
        subjects: fSubject,
        pointer: platoon.pointer,
        ruleId: 'TK-8.2',
      });
    } else if (country && platoonCard.nations && !platoonCard.nations.includes(country)) {
      out.push({
        check: 'platoon-card',
        severity: 'error',
        message: `${fLabel} is a ${country} platoon but its Platoon card ${platoonCard.name} is for ${platoonCard.nations.join(', ')}`,
        subjects: fSubject,
        pointer: platoon.pointer,
        ruleId: 'TK-8.2',
      });
    }

    const heroes = new Map<string, string[]>();
    for (const u of members) {
      const type = cat.units.get(u.type);
      if (!type) continue;
      const label = unitLabel(u, type);
      const pointer = pointerOf.get(u.id) ?? platoon.pointer;
      const subject: ForceSubject[] = [{ kind: 'unit', id: u.id }];
      if (type.class !== 'tank' && type.class !== 'helicopter') {
        out.push({
          check: 'model-kind',
          severity: 'error',
          message: `${label} is a ${type.class}; a TANKS platoon is made of tanks and helicopters`,
          subjects: subject,
          pointer,
          ruleId: 'TK-8.3',
        });
      }
      if (country && type.nation && type.nation !== country) {
        out.push({
          check: 'country',
          severity: 'error',
          message: `${label} is ${type.nation}, but ${fLabel} is a ${country} platoon; one country per platoon`,
          subjects: subject,
          pointer,
          ruleId: 'TK-8.2',
        });
      }
      const posts = new Map<string, Card[]>();
      let crewCards = 0;
      let ammoCards = 0;
      for (const held of u.cards ?? []) {
        const card = cat.cards.get(held.card);
        if (!card) {
          out.push({
            check: 'card-kind',
            severity: 'error',
            message: `${label} carries card "${held.card}", which no catalog lists`,
            subjects: subject,
            pointer,
          });
          continue;
        }
        if (card.cardType !== 'crew' && card.cardType !== 'upgrade' && card.cardType !== 'ammo') {
          out.push({
            check: 'card-kind',
            severity: 'error',
            message: `${card.name} is a ${card.cardType} card; only Crew, Upgrade and Ammo cards go on a model`,
            subjects: subject,
            pointer,
            ruleId: 'TK-8.5',
          });
          continue;
        }
        if (!cardAllowed(card, country, alliance)) {
          const who = card.nations?.length
            ? card.nations.join(', ')
            : `the ${card.alliance} alliance`;
          out.push({
            check: 'card-permission',
            severity: 'error',
            message: `${card.name} is a card for ${who}; ${fLabel} (${country ?? 'no country'}${alliance ? `, ${alliance}` : ''}) may take cards of its country, of its Platoon card's alliance, and global cards`,
            subjects: subject,
            pointer,
            ruleId: 'TK-8.4',
          });
        }
        if (
          card.appliesTo?.length &&
          !card.appliesTo.some((a) => a === type.id || a === type.class)
        ) {
          out.push({
            check: 'card-applies',
            severity: 'error',
            message: `${card.name} may only go on ${card.appliesTo.map((a) => cat.units.get(a)?.name ?? a).join(', ')}, not on ${label}`,
            subjects: subject,
            pointer,
            ruleId: 'TK-8.5',
          });
        }
        if (card.cardType === 'crew') crewCards++;
        if (card.cardType === 'ammo') ammoCards++;
        const post = cardPost(card);
        posts.set(post, [...(posts.get(post) ?? []), card]);
        if (card.hero) heroes.set(card.id, [...(heroes.get(card.id) ?? []), u.id]);
        if (card.effect?.['eye'] === true && held.hidden) {
          out.push({
            check: 'eye-card-hidden',
            severity: 'error',
            message: `${card.name} carries the Eye icon and must start face up; turn it over`,
            subjects: subject,
            pointer,
            ruleId: 'TK-8.7',
          });
        }
      }
      const ammoSlots = type.class === 'helicopter' ? (type.slots?.ammo ?? 0) : 1;
      for (const [post, cards] of posts) {
        const isAmmo = cards.every((c) => c.cardType === 'ammo');
        if (isAmmo && type.class === 'helicopter') continue;
        if (cards.length > 1) {
          out.push({
            check: 'card-type-limit',
            severity: 'error',
            message: `${label} has ${cards.length} ${post} cards (${cards.map((c) => c.name).join(', ')}); a model takes at most one card of each type`,
            subjects: subject,
            pointer,
            ruleId: 'TK-8.5',
          });
        }
      }
      if (ammoCards > ammoSlots && type.class === 'helicopter') {
        out.push({
          check: 'ammo-slots',
          severity: 'error',
          message: `${label} has ${ammoCards} Ammo cards and ${ammoSlots} ammo slot(s)`,
          subjects: subject,
          pointer,
          ruleId: 'TK-8.5',
        });
      }
      const crewSlots = type.slots?.crew;
      if (crewCards > 0 && crewSlots === undefined) {
        out.push({
          check: 'crew-slots',
          severity: 'warning',
          message: `${label} has ${crewCards} Crew card(s) but its model card in the catalog gives no crew slots`,
          subjects: subject,
          pointer,
          ruleId: 'TK-8.5',
        });
      } else if (crewSlots !== undefined && crewCards > crewSlots) {
        out.push({
          check: 'crew-slots',
          severity: 'error',
          message: `${label} has ${crewCards} Crew cards and ${crewSlots} crew slot(s); remove ${crewCards - crewSlots}`,
          subjects: subject,
          pointer,
          ruleId: 'TK-8.5',
        });
      }
    }
    for (const [cardId, holders] of heroes) {
      if (holders.length < 2) continue;
      const name = cat.cards.get(cardId)?.name ?? cardId;
      out.push({
        check: 'hero-unique',
        severity: 'error',
        message: `${name} is a Hero card and appears ${holders.length} times in ${fLabel}; a platoon takes each Hero once`,
        subjects: holders.map((id) => ({ kind: 'unit' as const, id })),
        pointer: pointerOf.get(holders[1]!) ?? platoon.pointer,
        ruleId: 'TK-8.6',
      });
    }
  }
  return out;
}

/** TK-8.4: the platoon's country, its Platoon card's alliance symbol, or a global card. */
function cardAllowed(
  card: Card,
  country: string | undefined,
  alliance: string | undefined,
): boolean {
  const global = !card.nations?.length && !card.alliance;
  if (global) return true;
  if (country && card.nations?.includes(country)) return true;
  if (card.alliance && !card.nations?.length && alliance === card.alliance) return true;
  return false;
}
