import { describe, expect, it } from 'vitest';
import village from '../../../scenarios/tankplank-village.scenario.json';
import { newScenario } from '../../../engine/document';
import { composeRulesetCatalog } from '../../../engine/forces';
import type { RulesetRef, ScenarioDoc } from '../../../engine/format/types';
import { createContext } from '../../../engine/rulesets/tankplank/rules/context';
import { commandForKey, type AppActions } from '../commands/commands';
import { EditorDriver } from '../editor/EditorDriver';
import {
  figureScales,
  groupLayer,
  interpretationList,
  interpretationValue,
  layerCatalogs,
  matchesFilter,
  optionOn,
  optionalRules,
  overrideCount,
  withAllRecommended,
  withGroupLayer,
  withInterpretation,
  withOption,
  type Interpretation,
} from './rulesChoices';
import { setupOf } from './setupModel';
import { BUNDLED_CATALOGS } from '../../../engine/rulesets/registry';

const doc = village as unknown as ScenarioDoc;
const cat = composeRulesetCatalog(doc.ruleset, BUNDLED_CATALOGS, doc.catalog);
const rules = optionalRules(cat);
const readings = interpretationList(cat);
const reading = (id: string): Interpretation => readings.find((i) => i.id === id)!;

describe('Tankplank rule choices as catalog data', () => {
  it('the BASIC catalog offers the era layers and the four BASIC options', () => {
    expect(rules.filter((r) => r.kind === 'layer').map((r) => [r.id, r.group])).toEqual([
      ['TW', 'era'],
      ['ADV', 'era'],
    ]);
    expect(rules.filter((r) => r.kind === 'option').map((r) => r.id)).toEqual([
      'BASIC.OPT.SCREEN',
      'BASIC.OPT.AG',
      'BASIC.OPT.VEH',
      'BASIC.OPT.ART',
    ]);
    for (const r of rules) expect(r.description.length, r.id).toBeGreaterThan(20);
  });

  it('every one of the 55 interpretations has a one-sentence summary', () => {
    expect(readings).toHaveLength(55);
    for (const i of readings) expect(i.summary, i.id).toMatch(/^[A-Z].{20,}\.$/);
  });

  it('the figure scales come from the TP-21 table', () => {
    expect(figureScales(cat).map((s) => s.factor)).toEqual([1, 1.5, 2, 2.5, 3]);
  });

  it('a ruleset without an optional rules table offers its layer catalogs instead', () => {
    const ww1 = composeRulesetCatalog({ id: 'ww1' }, BUNDLED_CATALOGS);
    expect(optionalRules(ww1)).toEqual([]);
    expect(layerCatalogs('ww1', BUNDLED_CATALOGS).map((l) => l.layer)).toEqual(['tanks']);
    expect(layerCatalogs('tanks', BUNDLED_CATALOGS)).toEqual([]);
  });

  it('TANK! lists its two layers as optional rules, each with the rule it starts from', () => {
    const tank = composeRulesetCatalog({ id: 'tank' }, BUNDLED_CATALOGS);
    expect(optionalRules(tank).map((r) => [r.id, r.kind, r.ruleId])).toEqual([
      ['optional', 'layer', 'OT-32.8'],
      ['costello', 'layer', 'TC-2'],
    ]);
    expect(layerCatalogs('tank', BUNDLED_CATALOGS).map((l) => l.layer)).toEqual([
      'costello',
      'optional',
    ]);
  });
});

describe('turning a choice into ruleset.layers / ruleset.options', () => {
  const basic: RulesetRef = { id: 'tankplank', layers: ['BASIC'] };

  it('the era layers exclude each other; base game only removes them', () => {
    const tw = withGroupLayer(basic, rules, 'era', 'TW');
    expect(tw.layers).toEqual(['BASIC', 'TW']);
    const adv = withGroupLayer(tw, rules, 'era', 'ADV');
    expect(adv.layers).toEqual(['BASIC', 'ADV']);
    expect(groupLayer(adv, rules, 'era')).toBe('ADV');
    expect(withGroupLayer(adv, rules, 'era', null)).toEqual(basic);
  });

  it('an optional rule is true in options; off removes the key and the empty options', () => {
    const on = withOption(basic, 'BASIC.OPT.AG', true);
    expect(on.options).toEqual({ 'BASIC.OPT.AG': true });
    expect(withOption(on, 'BASIC.OPT.AG', false)).toEqual(basic);
  });

  it('the screen still counts from an old file’s layers and moves to options', () => {
    const old: RulesetRef = { id: 'tankplank', layers: ['BASIC', 'BASIC.OPT.SCREEN'] };
    expect(optionOn(old, 'BASIC.OPT.SCREEN')).toBe(true);
    expect(withOption(old, 'BASIC.OPT.SCREEN', true)).toEqual({
      id: 'tankplank',
      layers: ['BASIC'],
      options: { 'BASIC.OPT.SCREEN': true },
    });
    expect(withOption(old, 'BASIC.OPT.SCREEN', false)).toEqual(basic);
  });

  it('an alternative reading is written by id; the recommended one removes the key', () => {
    const a1 = reading('TP-A1');
    const fast = withInterpretation(basic, a1, 12);
    expect(fast.options).toEqual({ 'TP-A1': 12 });
    expect(interpretationValue(fast, a1)).toBe(12);
    expect(withInterpretation(fast, a1, 10)).toEqual(basic);
  });

  it('a reading keyed by option name is read, and reset removes it too', () => {
    const a18 = reading('TP-A18');
    const byName: RulesetRef = { ...basic, options: { moraleScore: 'd6PlusPrinted', x: 1 } };
    expect(interpretationValue(byName, a18)).toBe('d6PlusPrinted');
    expect(withInterpretation(byName, a18, a18.default).options).toEqual({ x: 1 });
  });

  it('counts every choice that differs and resets all readings at once', () => {
    let r = withOption(basic, 'BASIC.OPT.VEH', true);
    r = withGroupLayer(r, rules, 'era', 'TW');
    r = withInterpretation(r, reading('TP-A52'), true);
    r = withInterpretation(r, reading('TP-A8'), 'rectangle');
    expect(overrideCount(r, rules, readings)).toBe(4);
    const reset = withAllRecommended(r, readings);
    expect(reset.options).toEqual({ 'BASIC.OPT.VEH': true });
    expect(overrideCount(reset, rules, readings)).toBe(2);
  });

  it('the filter finds by id, option name and summary words', () => {
    expect(readings.filter((i) => matchesFilter(i, 'tp-a5')).map((i) => i.id)).toEqual([
      'TP-A5',
      'TP-A50',
      'TP-A51',
      'TP-A52',
      'TP-A53',
      'TP-A54',
      'TP-A55',
    ]);
    expect(readings.filter((i) => matchesFilter(i, 'natural6')).map((i) => i.id)).toEqual([
      'TP-A52',
    ]);
    expect(readings.filter((i) => matchesFilter(i, 'bazooka')).map((i) => i.id)).toContain(
      'TP-A10',
    );
  });

  it('the engine plays what the choices write', () => {
    let r = withInterpretation(doc.ruleset, reading('TP-A1'), 12);
    r = withGroupLayer(r, rules, 'era', 'ADV');
    const ctx = createContext({ ...doc, ruleset: r });
    expect(ctx.options.num('TP-A1')).toBe(12);
    expect(
      ctx.options
        .list()
        .filter((o) => o.overridden)
        .map((o) => o.id),
    ).toEqual(['TP-A1']);
    // ADV replaces the light tank's speeds (TP-A15): 8 on road, 6 off.
    expect(ctx.catalog.units.get('tp.lightTank')?.speeds).toMatchObject({ road: 8 });
  });
});

describe('the set-up model writes rule choices as one undo step each', () => {
  it('an option, then a reading; undo reverts them one at a time', () => {
    const d = new EditorDriver(doc);
    const m = setupOf(d.editor);
    m.setRuleset(withOption(m.scenario().ruleset, 'BASIC.OPT.ART', true));
    m.setRuleset(withInterpretation(m.scenario().ruleset, reading('TP-A28'), true));
    expect(m.scenario().ruleset.options).toEqual({ 'BASIC.OPT.ART': true, 'TP-A28': true });
    d.editor.undo();
    expect(m.scenario().ruleset.options).toEqual({ 'BASIC.OPT.ART': true });
    d.editor.undo();
    expect(m.scenario().ruleset).toEqual(doc.ruleset);
  });

  it('the figure scale is a map field, one undo step', () => {
    const d = new EditorDriver(doc);
    const m = setupOf(d.editor);
    m.setFigureScale({ figureScale: '25-30mm', factor: 1.5 });
    const map = m.scenario().map;
    expect(map.kind === 'table' && map.scale).toEqual({ figureScale: '25-30mm', factor: 1.5 });
    d.editor.undo();
    expect(m.scenario().map).toMatchObject({ scale: { factor: 1 } });
  });

  it('Shift+R shows the Rules tab', () => {
    const d = new EditorDriver(
      newScenario({ ruleset: 'tankplank', map: { kind: 'table', width: 36, height: 24 } }),
    );
    const app = {} as AppActions;
    const c = commandForKey(
      { key: 'R', shiftKey: true, ctrlKey: false, metaKey: false, altKey: false },
      { editor: d.editor, app },
    );
    expect(c?.id).toBe('setup.rules');
    c!.run({ editor: d.editor, app });
    expect(setupOf(d.editor).session.tab).toBe('rules');
  });
});
