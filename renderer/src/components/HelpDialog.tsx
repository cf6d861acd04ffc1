import { COMMANDS, shortcutLabel, type CommandGroup } from '../commands/commands';
import { Modal } from './Dialogs';
import { IS_MAC } from './MenuBar';
import { ALL_FORMATS, formatHelpLines } from '../formats/formatHelp';
import { commandIdOf } from '../formats/formatCommands';

/**
 * In-app help. The shortcut table is generated from the command registry, so it always lists
 * exactly what the menus and keys do.
 */
export function HelpDialog({ onClose }: { onClose: () => void }) {
  const groups = [...new Set(COMMANDS.map((c) => c.group))] as CommandGroup[];
  return (
    <Modal title="Sandtable help" onClose={onClose} wide>
      <div className="help">
        <h3>Working with Sandtable</h3>
        <ul>
          <li>
            <b>Draw</b> the battlefield with the tools on the left: every terrain feature keeps the
            attributes the rules read (width, height, cover, who may cross it). Select a feature to
            edit all its attributes in the inspector (a bridge&apos;s road and creek are picked by
            name); invalid values are refused with the reason (and with the nearest value that keeps
            the feature on the table). View ▸ Show legend (Shift+L) explains every fill and mark;
            View ▸ Plain map style (Shift+M) prints black on white.
          </li>
          <li>
            <b>Set up</b> forces, objectives and deployment in the set-up column (Forces,
            Objectives, Rules, Catalog, Problems). Rules chooses the era layer, optional rules,
            figure scale and how each unclear rule is read. Problems re-check the layout and the
            forces after each edit, in the background (on a big table a bar shows how far, with
            Stop); click one to select what it is about. Drag a unit row onto the table to place it
            (a man dropped on another steps aside), or a formation row to lay out the whole squad or
            platoon in ranks around the drop, inside the side&apos;s zone when dropped in it; Edit ▸
            Auto-deploy side (Shift+A) puts every unplaced unit of the active side into its
            deployment zone. Each is one undo step. On hex maps units stand on hexes and face a
            hexside (drag a unit row onto a hex), and objectives and deployment zones are sets of
            hexes (click hexes with the objective and deployment tools).
          </li>
          <li>
            <b>Playtest</b> the open scenario against the rules engine with the Playtest command;
            any edit returns to the editor. Choose a person or the bot for each side (and which bot:
            a style, Random (baseline) or Bot (strong), the search bot, which thinks up to 2 s a
            turn with a progress bar and, where the other side plays like one of the styles so far,
            plays ahead against that style; Stop or Esc plays its best turn so far; with the strong
            bot on a side, &ldquo;Strong bot&apos;s strength&rdquo; trades time for play, from 1
            quick, about 0.1 s a side turn, to 5 strongest, the full 2 s, each choice saying what it
            costs), a dice seed (in Tankplank the seed also draws which side plays first on odd
            turns, turn 1 among them, and the dialog says which) and, if you like, a movement clock.
            Select a unit to see where it can go and what else it can do (each refused action says
            why, with its rule); hover a target to see the line of sight, every modifier and the
            exact odds; click to fire. A bot&apos;s turn in the log opens to why it played it: its
            reasons, and for the strong bot the turns it weighed with their scores. Ctrl+Z takes an
            action back, Ctrl+Enter ends the phase, Ctrl+Shift+Enter the turn, Ctrl+S saves the
            game. Playing both sides alone, turn the Hand-over screen off. In TANKS one model acts
            at a time in Initiative order: the acting model is selected; drag it to lay the
            Measuring Arrow, or use its panel for Defensive Measures, Stay put or Hold fire; when
            dice could cancel either Hits or Criticals, the side that rolled them chooses on its
            model&apos;s panel, and a shooter whose cards let a Critical become two Hits chooses how
            many there. When a Free-for-All or No Retreat scenario leaves its tokens to the players
            (the mission preset &ldquo;tokens placed in the game&rdquo;), each token is placed
            before the models deploy: click inside the shaded strip along the opponent&apos;s edge.
            When a TANKS scenario has &ldquo;Terrain placed by the players&rdquo; on (Rules tab),
            its forests and buildings start off the table: roll off on the asked model&apos;s panel,
            then click where each piece&apos;s centre goes inside the shaded area (turn it 45° at a
            time with its buttons first; the pointer shows its outline); a spot within one Measuring
            Arrow of an edge or another piece is refused with the gap measured. Tick the time limit
            in the start dialog to play against one game clock; when it runs out the game ends as a
            time-out. In TANK! each side plots every unit&apos;s mission in secret: select a unit
            and click a hex to plot its move, pick DF, DF-P or SMF in the weapon list and click an
            enemy to plot the shot (its line of sight is drawn hex by hex, the blocking hex marked),
            or use the unit&apos;s buttons for OF, a facing change, a close assault, backing up a
            hex (MVR) or mounting a friendly vehicle (MT; a rider&apos;s only plot is where it
            dismounts, DT), and with Costello digging in (EN, infantry) or clearing rubble next to
            it (CLR, sappers); a mortar calls fire or smoke on a hex (smoke shows as a cloud). A
            plot that breaks a rule is refused with its rule id. When both sides end plotting, the
            turn is resolved the way players at a table do it: the phase panel lists the sequence of
            play and plays one step at a time (Next step, N) or the rest (Resolve all, Shift+N),
            each step showing its shots with their cell, die, result and line of sight on the board,
            and its moves; Undo takes back one step. Each side&apos;s log names an enemy it has not
            spotted only as its counter shows it. In WWI each side plays its turn with a command
            card from its hand (seen only by its owner): the card&apos;s sections light up, order
            units there from the phase panel, end ordering, move them by clicking a shaded hex
            (tanks crush wire), then select a unit and hover an enemy for its battle dice, flag
            ignores and exact odds; pick a combat card such as Butt &amp; Bayonet as the weapon to
            play it. A tank that wins a close combat gains ground by itself and may then take one
            bonus combat (its weapon reads Bonus combat). Medals decide the game.
          </li>
          <li>
            <b>Files</b> are plain JSON in UTF-8 (Sandtable file format v1, described in the
            app&apos;s <code>schemas/</code> folder). A file that does not load lists what is wrong
            and where (line, column, the byte for text that is not UTF-8); a save that cannot be
            written whole (a full disk) leaves the previous version intact and says so. Check them
            with <code>npx sandtable validate</code>; the same command gives odds (
            <code>sandtable odds</code>), line of sight (<code>sandtable los</code>) and replays (
            <code>sandtable play</code>).
          </li>
          <li>
            <b>Edit together</b>: File ▸ Share… puts the open scenario into a room on a Sandtable
            server (<code>npx sandtable serve</code>) and gives an invitation link; the others open
            it with File ▸ Join…. In the desktop app, Host session… makes this computer the server
            for your network. Everyone sees the others&apos; edits at once, their pointers and what
            they have selected; Undo takes back only your own edits. Without a connection your edits
            are kept on this computer and merge when it returns. The bar at the bottom right shows
            whether every edit has reached the server. Playtests stay on each computer.
          </li>
          <li>
            <b>Bring your own data</b>: File ▸ Import Tiled map… reads a hexagonal map made in Tiled
            (.tmx or .tmj, with its .tsx/.tsj tilesets chosen together; CSV, base64, zlib, gzip and
            zstd layer data; infinite maps; flat or pointy hexes, odd or even stagger). A table
            shows what each tile becomes (terrain, level, flags), guessed from the tiles&apos;
            classes, names and custom properties such as <code>terrain</code> or <code>level</code>;
            change it before importing, and the next import of the same tilesets starts from your
            choices. The map opens as a new scenario; where several tile layers cover a hex, the top
            layer&apos;s terrain, the highest level and every flag count, and named objects label
            their hex. Orthogonal (square-tile) maps are refused: trace a picture of such a map with
            an underlay instead. File ▸ Export Tiled map (TMX) writes a hex map back for Tiled, with
            terrain and levels as tile properties (hexsides and contour lines have no place in Tiled
            and are left out). In a TANKS scenario, File ▸ Import BattleScribe catalogues… (also in
            the Catalog tab) reads a BattleScribe or NewRecruit game system with its catalogues into
            the scenario&apos;s own catalog: model cards, crew, upgrade, ammo and platoon cards;
            what has no place in a Sandtable catalog (conditions, most limits) is listed with its
            file and line. A file that cannot be read is refused with the element and line, or the
            JSON pointer, of the problem, and nothing open changes.
          </li>
          <li>
            <b>File formats</b> Sandtable reads and writes (also <code>sandtable import</code> on
            the command line):
            <ul data-testid="help-formats">
              {formatHelpLines(ALL_FORMATS, (f) => {
                const s = COMMANDS.find((c) => c.id === commandIdOf(f))?.shortcuts?.[0];
                return s && shortcutLabel(s, IS_MAC);
              }).map((l) => (
                <li key={l.key}>{l.text}</li>
              ))}
            </ul>
          </li>
          <li>
            <b>Trace a printed map</b>: Arrange ▸ Underlay picture… puts a PNG or JPEG scan on the
            map, kept inside the scenario file or as a file beside it (then the app asks you to
            point at it once per session). It is drawn over the terrain at its opacity, so you see
            both. Scale it with the two-point tool: click two marks on the picture and type their
            real distance. Move it with the move tool, turn it and set its opacity in the dialog,
            lock it so it stays put. It is left out of the printed PDF unless you tick Print the
            underlay.
          </li>
          <li>
            <b>Print</b>: File ▸ Print-ready PDF… draws the table at 1:1 over A4 or Letter sheets as
            vectors (lines stay sharp, the file stays small, text in an embedded font) with overlap
            lines, crop marks, alignment crosses and a 1-inch check bar on every sheet; a picture
            (raster) PDF is still offered for printers that struggle with large vector pages.
          </li>
          <li>
            <b>Balance lab</b> (View ▸ Balance lab…, Shift+F5) asks whether a layout is fair: it
            plays the open scenario bot against bot as many times as you ask, in the background on
            every core, each game with its own dice seed. In a Tankplank game each side's bot goes
            round by the bridge furthest to its right or to its left: the one that makes the shorter
            way to its objective three games in four, the other in the fourth, drawn from the game's
            seed, so a run weighs both plans for both sides (which side plays first on odd turns is
            drawn from the seed too, so turn order is not charged to the layout), and the results
            are split by each pair of plans (which bridge each side took): a layout even over all
            games can still favour one route; a pair&apos;s Its games lists only its games, to
            replay one. Pick each side's bot (cautious, balanced, aggressive, random, or the strong
            bot, many times slower; Save styles writes them into the scenario), run, and read each
            side's win share with its 95% interval (when the interval leaves out 50%, the layout
            favours a side; when games are drawn, each side&apos;s share of the decided ones says
            who wins when somebody does, and its interval can leave out 50% first), the share of
            draws (and of games still undecided at the turn limit: when most are, the bots ran out
            of turns, so try a longer limit, and what kept them from being won: for each objective,
            what the side that must take it lacked when time ran out, such as enemy troops still in
            it or no radioman left; hover a game in the list for its own), how long games last, what
            each side loses, and heatmaps over the map of where pieces fell, where each side&apos;s
            kills were made from and which ground the winners held, and who held each objective at
            the end of every turn. Cancel keeps the games played so far. The same seeds always give
            the same results. Click a game in the list to replay it in the playtest. Save results
            next to the scenario keeps the run in a <code>.lab.json</code> file beside the scenario;
            the next run (after you move a wall, say) is compared with it in words, such as
            &quot;Side A&apos;s win share went from 62% to 51%&quot;, noting when the change is
            within chance, and each side&apos;s share of the decided games when games were drawn; it
            also names the pairs of plans in which a side&apos;s share moved beyond chance, and the
            things that kept games from being won at the turn limit whose share moved beyond chance.
            Game quality, under the win shares, says whether it is a good game as well as a fair
            one, each measure with what it means and a good range: decisiveness, draws, game length
            (10th, 50th and 90th percentile), lead changes and comebacks (from each side&apos;s
            material and objectives at the end of every turn), and first-player advantage where the
            rules draw who moves first. Tick Restricted play to weigh each unit type: after the run
            its seeds are played again for each type of each side with that side&apos;s units of it
            taken out, and the drop in the side&apos;s win share is shown with its interval (one
            more run per type). For very many games, run <code>sandtable simulate</code> from the
            command line, on this machine or on several through a Redis queue.
          </li>
          <li>
            <b>Balance advisor</b> (in the balance lab, the panel under the settings) proposes what
            to change to make the scenario fair: a unit of a type more or less, the turn limit, a
            deployment zone, an objective or a named terrain piece moved, the entry edge or set-up
            order. It plays each change on the same seeds as the original, drops it as soon as its
            95% interval misses the target, and lists the best with the change in words, the win
            share with its interval, how decisive the games stay and the games it cost. A change is
            fair only when its interval contains the target and is no wider than ± the tolerance; a
            budget too small for that says how precise it got and how many games would tell. Compare
            shows it beside the original with the quality measures and whether each difference is
            meaningful; Apply writes it as one undo step. An already fair scenario gets no
            suggestion. The command line has it as <code>sandtable balance</code>.
          </li>
          <li>
            <b>Sight map</b> (View ▸ Sight map…, Shift+S) shades what a viewer sees: a point you
            click (Pick a point), a unit, a deployment zone or an entry edge (a whole zone sees what
            any of its sample points sees), at a man&apos;s or a vehicle&apos;s eye height, in
            1/4&quot; cells on a table or hex by hex. Light cells are seen, dark ones hidden; with
            an enemy (by default the viewer&apos;s other sides, from their zones), green and blue
            mark the ground the enemy cannot see. It follows your edits: drag a building or a wall
            and the shading moves with it. On a TANK! map the game&apos;s own line of sight is used
            (Costello&apos;s over contours when that layer is on). The balance lab shows the same
            over its map.
          </li>
          <li>
            Ctrl/Cmd+K opens the command palette: every command below can be run from it by name.
          </li>
        </ul>
        <h3>Commands and shortcuts</h3>
        <div className="help-columns">
          {groups.map((g) => (
            <table key={g} className="help-shortcuts" aria-label={`${g} shortcuts`}>
              <thead>
                <tr>
                  <th colSpan={2}>{g}</th>
                </tr>
              </thead>
              <tbody>
                {COMMANDS.filter((c) => c.group === g).map((c) => (
                  <tr key={c.id}>
                    <td>{c.label}</td>
                    <td className="keys">
                      {(c.shortcuts ?? []).map((s) => shortcutLabel(s, IS_MAC)).join(', ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
      </div>
      <div className="button-row end">
        {/* No autoFocus: React would scroll the dialog down to this button on opening. */}
        <button className="primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
