import type { Card, Cell, Forces, Formation, RulesetRef, Side, Unit, UnitType } from '../format';
import { allFormations, allUnits, unitsUnder, type PlacedFormation } from './forceTree';
import { sidePoints } from './points';
import type { RulesetCatalog } from './rulesetCatalog';

/** Stable ids of the force checks; the problems panel groups by them. */
export type ForceCheckId =
  | 'unknown-type'
  | 'duplicate-id'
  | 'points-limit'
  | 'country'
  | 'platoon-card'
  | 'model-kind'
  | 'card-kind'
  | 'card-permission'
  | 'card-type-limit'
  | 'crew-slots'
  | 'ammo-slots'
  | 'card-applies'
  | 'hero-unique'
  | 'eye-card-hidden'
  | 'transport'
  | 'order-of-battle';

/** What a force problem is about, so clicking it can select the row in the force tree. */
export interface ForceSubject {
  readonly kind: 'side' | 'formation' | 'unit';
  readonly id: string;
}

export interface ForceProblem {
  readonly check: ForceCheckId;
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly subjects: readonly ForceSubject[];
  /** JSON pointer of the first subject in the scenario file. */
  readonly pointer: string;
  /** Rule id in the ruleset digest the check enforces. */
  readonly ruleId?: string;
}

/**
 * Checks the orders of battle against the ruleset: every type in the catalog, points within the
 * side's limit, and the ruleset's own building rules (TANKS platoon and card rules, Tankplank
 * order-of-battle counts from the catalog's `orderOfBattle` table). Pure; every problem names what
 * it is about and the rule that asks for it.
 */
export function checkForces(
  ruleset: RulesetRef,
  forces: Forces,
  cat: RulesetCatalog,
): ForceProblem[] {
  const out: ForceProblem[] = [];
  checkIdsAndTypes(forces, cat, out);
  checkPoints(forces, cat, ruleset, out);
  checkTransports(forces, cat, out);
  switch (ruleset.id) {
    case 'tanks':
      checkTanksPlatoons(forces, cat, out);
      break;
    case 'tankplank':
      checkOrderOfBattle(forces, cat, ruleset, out);
      break;
    case 'tank':
    case 'ww1':
      break;
  }
  return out;
}

const sidePointer = (forces: Forces, id: string) =>
  `/forces/sides/${forces.sides.findIndex((s) => s.id === id)}`;

const unitLabel = (u: Unit, type: UnitType | undefined) =>
  u.name ? `${u.name} (${type?.name ?? u.type})` : `${type?.name ?? u.type} ${u.id}`;

function checkIdsAndTypes(forces: Forces, cat: RulesetCatalog, out: ForceProblem[]): void {
  const seen = new Map<string, string>();
  const note = (id: string, pointer: string, kind: ForceSubject['kind']) => {
    const first = seen.get(id);
    if (first !== undefined) {
      out.push({
        check: 'duplicate-id',
        severity: 'error',
        message: `the id "${id}" is used twice in the order of battle (also at ${first}); give one of them a new id`,
        subjects: [{ kind, id }],
        pointer,
      });
    } else seen.set(id, pointer);
  };
  forces.sides.forEach((s, i) => note(s.id, `/forces/sides/${i}`, 'side'));
  for (const pf of allFormations(forces)) note(pf.formation.id, pf.pointer, 'formation');
  for (const pu of allUnits(forces)) {
    note(pu.unit.id, pu.pointer, 'unit');
    // A ruleset with no catalog at hand cannot say which types exist.
    if (cat.units.size > 0 && !cat.units.has(pu.unit.type)) {
      out.push({
        check: 'unknown-type',
        severity: 'error',
        message: `${pu.unit.name ?? pu.unit.id} is of type "${pu.unit.type}", which no catalog of this ruleset lists; pick a type from the catalog or add it to the scenario's own catalog`,
        subjects: [{ kind: 'unit', id: pu.unit.id }],
        pointer: pu.pointer,
      });
    }
  }
}

function checkPoints(
  forces: Forces,
  cat: RulesetCatalog,
  ruleset: RulesetRef,
  out: ForceProblem[],
): void {
  for (const side of forces.sides) {
    if (side.pointsLimit === undefined) continue;
    const total = sidePoints(side, cat);
    if (total > side.pointsLimit + 1e-9) {
      out.push({
        check: 'points-limit',
        severity: 'error',
        message: `${side.name} costs ${total} points, over its limit of ${side.pointsLimit} by ${total - side.pointsLimit}; remove a model or a card`,
        subjects: [{ kind: 'side', id: side.id }],
        pointer: sidePointer(forces, side.id),
        ...(ruleset.id === 'tanks' ? { ruleId: 'TK-8.1' } : {}),
      });
    }
  }
}

function checkTransports(forces: Forces, cat: RulesetCatalog, out: ForceProblem[]): void {
  const units = allUnits(forces);
  const byId = new Map(units.map((p) => [p.unit.id, p]));
  const carriedBy = new Map<string, string>();
  for (const pu of units) {
    const passengers = pu.unit.passengers ?? [];
    if (passengers.length === 0) continue;
    const type = cat.units.get(pu.unit.type);
    const label = unitLabel(pu.unit, type);
    const capacity = type?.capacity;
    if (capacity === undefined || passengers.length > capacity) {
      out.push({
        check: 'transport',
        severity: capacity === undefined ? 'warning' : 'error',
        message:
          capacity === undefined
            ? `${label} carries ${passengers.length} passenger(s) but its catalog type gives no capacity`
            : `${label} carries ${passengers.length} passengers; it has room for ${capacity}`,
        subjects: [{ kind: 'unit', id: pu.unit.id }],
        pointer: pu.pointer,
        ruleId: 'TP-G7',
      });
    }
    for (const pid of passengers) {
      const p = byId.get(pid);
      const subjects: ForceSubject[] = [{ kind: 'unit', id: pu.unit.id }];
      if (!p) {
        out.push({
          check: 'transport',
          severity: 'error',
          message: `${label} lists passenger "${pid}", which is not in the order of battle`,
          subjects,
          pointer: pu.pointer,
        });
        continue;
      }
      subjects.push({ kind: 'unit', id: pid });
      if (p.side.id !== pu.side.id) {
        out.push({
          check: 'transport',
          severity: 'error',
          message: `${label} of ${pu.side.name} carries ${p.unit.name ?? pid} of ${p.side.name}`,
          subjects,
          pointer: pu.pointer,
        });
      }
      const other = carriedBy.get(pid);
      if (other) {
        out.push({
          check: 'transport',
          severity: 'error',
          message: `${p.unit.name ?? pid} rides in both ${other} and ${pu.unit.id}; embark it in one`,
          subjects,
          pointer: pu.pointer,
        });
      } else carriedBy.set(pid, pu.unit.id);
      if (p.unit.position !== undefined) {
        out.push({
          check: 'transport',
          severity: 'warning',
          message: `${p.unit.name ?? pid} is embarked in ${label} but also placed on the table; embarked units move with their transport`,
          subjects: [{ kind: 'unit', id: pid }],
          pointer: p.pointer,
        });
      }
    }
  }
}

// ---- TANKS: platoon building (TK-8) ------------------------------------------------------------

/** The post a card fills on a model; at most one card of each post per model (TK-8.5). */
export function cardPost(card: Card): string {
  const declared = card.effect?.['crewType'] ?? card.effect?.['upgradeType'];
  if (typeof declared === 'string') return declared;
  if (card.cardType === 'ammo') return 'ammo';
  // A card whose post the catalog does not give is its own post: never twice on a model.
  return card.id;
}

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

function checkTanksPlatoons(forces: Forces, cat: RulesetCatalog, out: ForceProblem[]): void {
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

// ---- Tankplank: order of battle (TP-2) ---------------------------------------------------------

const cellText = (row: Record<string, Cell>, key: string): string | undefined => {
  const v = row[key];
  return typeof v === 'string' ? v : undefined;
};

/**
 * Compares each side with the catalog's `orderOfBattle` table. A row counts, per side, the
 * formations of a kind or the units of a type (`scope: "side"`), or the figures of given classes
 * inside every formation of a kind (`scope: "formation"`). Rows tied to a rule option (`option`,
 * `unlessOption`) follow the scenario's `ruleset.options`, so optional forces count when chosen.
 */
function checkOrderOfBattle(
  forces: Forces,
  cat: RulesetCatalog,
  ruleset: RulesetRef,
  out: ForceProblem[],
): void {
  const table = cat.tables['orderOfBattle'];
  if (!table) return;
  const on = (key: string | undefined) => !!key && !!ruleset.options?.[key];
  const formations = allFormations(forces);
  const units = allUnits(forces);
  for (const side of forces.sides) {
    for (const row of table.rows) {
      const want = row['count'];
      if (typeof want !== 'number') continue;
      const option = cellText(row, 'option');
      if (option && !on(option)) continue;
      if (on(cellText(row, 'unlessOption'))) continue;
      const label = cellText(row, 'label') ?? 'items';
      const ruleId = cellText(row, 'ruleId') ?? 'TP-2';
      const kind = cellText(row, 'formationKind');
      const type = cellText(row, 'unitType');
      if (row['scope'] === 'side') {
        const have = kind
          ? formations.filter((p) => p.side.id === side.id && p.formation.kind === kind).length
          : units.filter((p) => p.side.id === side.id && p.unit.type === type).length;
        if (have !== want) {
          out.push({
            check: 'order-of-battle',
            severity: 'warning',
            message: `${side.name} has ${have} ${label}; the ruleset's order of battle gives each side ${want}`,
            subjects: [{ kind: 'side', id: side.id }],
            pointer: sidePointer(forces, side.id),
            ruleId,
          });
        }
      } else if (row['scope'] === 'formation' && kind) {
        const classes = (cellText(row, 'unitClasses') ?? '').split(',').map((c) => c.trim());
        for (const p of formations) {
          if (p.side.id !== side.id || p.formation.kind !== kind) continue;
          const have = unitsUnder(p.formation).filter((u) =>
            classes.includes(cat.units.get(u.type)?.class ?? ''),
          ).length;
          if (have !== want) {
            out.push({
              check: 'order-of-battle',
              severity: 'warning',
              message: `${p.formation.name ?? p.formation.id} of ${side.name} has ${have} ${label}; a ${kind} has ${want}`,
              subjects: [{ kind: 'formation', id: p.formation.id }],
              pointer: p.pointer,
              ruleId,
            });
          }
        }
      }
    }
  }
}
