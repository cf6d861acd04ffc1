import { useMemo, useState } from 'react';
import type { ScenarioDoc } from '../../../engine/format/types';
import {
  playtestFor,
  startGame,
  type Controller,
  type PlaytestGame,
} from '../../../engine/playtest';
import { getHost } from '../../host';
import { GameScreen } from './GameScreen';
import { SetupDialog } from './SetupDialog';
import { GAME_FILTERS, loadGameText } from './loadGame';
import './playtest.css';
import { BUNDLED_RULESETS } from '../../../engine/rulesets/registry';

/**
 * Playtest mode: the scenario on a read-only board, played against the rules engine through the
 * ruleset module. This part chooses who plays and loads saved games; `GameScreen` runs a game on
 * the board the ruleset plays on. Everything the screen shows comes from the ruleset's view, so
 * another ruleset plugs in without new screens.
 */
export function PlaytestView({
  scenario: given,
  initial,
  warnings,
  onExit,
}: {
  scenario: ScenarioDoc;
  /** A loaded game to continue (its ruleset was built from `scenario`). */
  initial?: PlaytestGame;
  /** What went wrong replaying a loaded game, shown once. */
  warnings?: readonly string[];
  onExit(): void;
}) {
  const [scenario, setScenario] = useState(given);
  const made = useMemo(() => playtestFor(scenario, BUNDLED_RULESETS), [scenario]);
  const [game, setGame] = useState<PlaytestGame | null>(initial ?? null);
  const [problem, setProblem] = useState<{ title: string; text: string } | null>(
    warnings && warnings.length
      ? { title: 'Game loaded with warnings', text: warnings.join('\n') }
      : null,
  );
  const host = getHost();

  const loadGame = async () => {
    const f = await host.openFile(GAME_FILTERS);
    if (!f) return;
    const r = await loadGameText(f.text, f.name);
    if (!r.ok) {
      setProblem({ title: 'Cannot load the game', text: r.problems.join('\n') });
      return;
    }
    setScenario(r.scenario);
    setGame(r.game);
    if (r.warnings.length)
      setProblem({ title: 'Game loaded with warnings', text: r.warnings.join('\n') });
  };

  if (!made.ok) {
    return (
      <div className="playtest" data-testid="playtest">
        <div className="modal-backdrop">
          <div className="modal" role="alertdialog" aria-label="Cannot playtest">
            <h2>Cannot playtest this scenario</h2>
            <p>{made.reason}</p>
            <div className="button-row end">
              <button className="primary" onClick={onExit}>
                Back to editor
              </button>
            </div>
          </div>
        </div>
      </div>
    );
  }
  return (
    <>
      {game ? (
        <GameScreen
          key={`${game.seed}:${game.view === made.view ? 'same' : 'loaded'}`}
          scenario={scenario}
          game={game}
          setGame={setGame}
          onExit={onExit}
          onNewGame={() => setGame(null)}
          onLoadGame={() => void loadGame()}
        />
      ) : (
        <div className="playtest" data-testid="playtest">
          <SetupDialog
            view={made.view}
            title={scenario.meta.title}
            {...(scenario.playtest?.bots ? { bots: scenario.playtest.bots } : {})}
            {...(scenario.playtest?.searchStrength !== undefined
              ? { searchStrength: scenario.playtest.searchStrength }
              : {})}
            onStart={(controllers, seed, settings) =>
              setGame(startGame(made.view, seed, controllers, settings))
            }
            onLoad={() => void loadGame()}
            onCancel={onExit}
          />
        </div>
      )}
      {problem && (
        <div className="modal-backdrop">
          <div className="modal" role="alertdialog" aria-label={problem.title}>
            <h2>{problem.title}</h2>
            <pre className="problems">{problem.text}</pre>
            <div className="button-row end">
              <button className="primary" onClick={() => setProblem(null)}>
                OK
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}

export type { Controller };
