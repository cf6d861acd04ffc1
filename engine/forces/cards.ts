import type { Card } from '../format';

/** The post a card fills on a model; at most one card of each post per model (TK-8.5). */
export function cardPost(card: Card): string {
  const declared = card.effect?.['crewType'] ?? card.effect?.['upgradeType'];
  if (typeof declared === 'string') return declared;
  if (card.cardType === 'ammo') return 'ammo';
  // A card whose post the catalog does not give is its own post: never twice on a model.
  return card.id;
}
