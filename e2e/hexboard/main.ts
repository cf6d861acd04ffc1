/// <reference types="vite/client" />
/**
 * Test-only page: the playtest game screen on the hex board, playing the hex fixture game.
 * e2e/hexboard.spec.ts builds it into a temporary folder; the app's build never includes it.
 * The query string picks who plays: `?red=human&blue=bot&seed=1`.
 */
import { createElement, StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { startGame, type Controller, type PlaytestGame } from '../../engine/playtest';
import { GameScreen } from '../../renderer/src/playtest/GameScreen';
import {
  skirmishScenario,
  skirmishView,
} from '../../renderer/src/playtest/board/hexSkirmish.fixture';
import '../../renderer/src/app.css';
import '../../renderer/src/playtest/playtest.css';

const params = new URLSearchParams(location.search);
const who = (side: string): Controller => (params.get(side) === 'bot' ? 'bot' : 'human');
const controllers = { red: who('red'), blue: who('blue') };
const seed = Number(params.get('seed') ?? '1');
const scenario = skirmishScenario();
/** What the screen asked of its host page (exit, load), for the test to read. */
const asked: string[] = [];
(window as unknown as { harnessAsked: string[] }).harnessAsked = asked;

function Harness() {
  const [game, setGame] = useState<PlaytestGame>(() => startGame(skirmishView, seed, controllers));
  return createElement(GameScreen, {
    scenario,
    game,
    setGame,
    onExit: () => asked.push('exit'),
    onNewGame: () => setGame(startGame(skirmishView, seed, controllers)),
    onLoadGame: () => asked.push('load'),
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(createElement(StrictMode, null, createElement(Harness)));
