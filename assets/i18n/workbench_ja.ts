<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>About</name>
    <message>
        <source>Play heuristic-contest puzzles by hand, run real solvers on them, watch the search live, export answers the judge accepts, and run your own contest program over many cases.</source>
        <translation>ヒューリスティックコンテストのパズルを手で解いたり、実際のソルバーを実行して探索をリアルタイムに観察したり、ジャッジが受理する解答を書き出したり、自分のコンテスト用プログラムを多数のケースで実行したりできます。</translation>
    </message>
    <message>
        <source>Licence: {0}</source>
        <translation>ライセンス: {0}</translation>
    </message>
    <message>
        <source>Licence: none is declared for this version (no LICENSE file ships with it).</source>
        <translation>ライセンス: このバージョンにはライセンスの宣言がありません（LICENSE ファイルが同梱されていません）。</translation>
    </message>
    <message>
        <source>Documentation: {0}; the README in the checkout; puzzle-workbench --help on the command line.</source>
        <translation>ドキュメント: {0}、チェックアウト内の README、コマンドラインの puzzle-workbench --help。</translation>
    </message>
    <message>
        <source>Built with Qt (PySide6), pyqtgraph, numba, NumPy and SciPy.</source>
        <translation>Qt (PySide6)、pyqtgraph、numba、NumPy、SciPy で作られています。</translation>
    </message>
    <message>
        <source>About Puzzle Workbench</source>
        <translation>Puzzle Workbench について</translation>
    </message>
</context>
<context>
    <name>AnswerButtons</name>
    <message>
        <source>Apply best</source>
        <translation>最良解を適用</translation>
    </message>
    <message>
        <source>Export best…</source>
        <translation>最良解を書き出す…</translation>
    </message>
    <message>
        <source>Finish the game…</source>
        <translation>ゲームを最後まで進める…</translation>
    </message>
    <message>
        <source>Finish the game with {0}</source>
        <translation>{0} でゲームを最後まで進める</translation>
    </message>
    <message>
        <source>Play the remaining turns with {0} ({1}), add the whole game to the history and step to its end, so it can be exported</source>
        <translation>残りのターンを {0}（{1}）で進め、ゲーム全体を履歴に加えて最後の手へ移動します。これで書き出せます</translation>
    </message>
</context>
<context>
    <name>AnytimePlot</name>
    <message>
        <source>Anytime profile — {0}</source>
        <translation>時間あたりのスコア推移 — {0}</translation>
    </message>
    <message>
        <source>seconds into each case</source>
        <translation>各ケース開始からの秒数</translation>
    </message>
    <message>
        <source>mean relative score</source>
        <translation>平均相対スコア</translation>
    </message>
    <message>
        <source>{0} cases, {1} with [SCORE] lines or snapshots; a case counts 0 before its first point and its final relative score from its end (here {2}, the run&apos;s mean relative score)</source>
        <translation>{0} ケース（うち [SCORE] 行またはスナップショットあり {1}）。最初の点より前は 0、終了後は最終の相対スコアとして数えます（ここでは {2}、この実行の平均相対スコア）</translation>
    </message>
</context>
<context>
    <name>BoardFiles</name>
    <message>
        <source>{0} puzzle plugin(s) did not load (see the dialog)</source>
        <translation>パズルのプラグイン {0} 個を読み込めませんでした（ダイアログを参照）</translation>
    </message>
    <message>
        <source>Opened {0}{1}</source>
        <translation>{0} を開きました{1}</translation>
    </message>
    <message>
        <source>Which one?</source>
        <translation>どれを開きますか？</translation>
    </message>
    <message>
        <source>{0} holds {1} cases:</source>
        <translation>{0} には {1} ケースあります:</translation>
    </message>
    <message>
        <source>Loaded {0}: {1} moves; scrub them in the Step-through tab</source>
        <translation>{0} を読み込みました: {1} 手。ステップ再生タブでたどれます</translation>
    </message>
    <message>
        <source>Saved {0}</source>
        <translation>{0} を保存しました</translation>
    </message>
    <message>
        <source>Generated {0} board for seed {1}{2}</source>
        <translation>シード {1} の {0} 盤面を生成しました{2}</translation>
    </message>
</context>
<context>
    <name>BoardScreen</name>
    <message>
        <source>editing the start position</source>
        <translation>開始局面を編集中</translation>
    </message>
    <message>
        <source>the history stays at move {0}</source>
        <translation>履歴は {0} 手目のまま</translation>
    </message>
    <message>
        <source>move {0}</source>
        <translation>{0} 手目</translation>
    </message>
    <message>
        <source>Preview of a frontier state: {0} — Esc to go back</source>
        <translation>フロンティアの状態のプレビュー: {0} — Esc で戻ります</translation>
    </message>
</context>
<context>
    <name>BoardSources</name>
    <message>
        <source>Re&amp;load the answer</source>
        <translation>解答を再読み込み(&amp;L)</translation>
    </message>
    <message>
        <source>Copied the board as an image ({0}×{1} px)</source>
        <translation>盤面を画像としてコピーしました（{0}×{1} px）</translation>
    </message>
    <message>
        <source>Not copied, the engine rejects the answer: {0}</source>
        <translation>コピーしませんでした。エンジンが解答を拒否しました: {0}</translation>
    </message>
    <message>
        <source>Copied the answer: {0} moves</source>
        <translation>解答をコピーしました: {0} 手</translation>
    </message>
    <message>
        <source>Nothing to paste: the clipboard holds no text</source>
        <translation>貼り付けるものがありません: クリップボードにテキストがありません</translation>
    </message>
    <message>
        <source>Pasted an answer: {0} moves, {1}</source>
        <translation>解答を貼り付けました: {0} 手、{1}</translation>
    </message>
    <message>
        <source>Not pasted: read as a board of {0}, {1}</source>
        <translation>貼り付けませんでした: {0} の盤面として読み込みましたが、{1}</translation>
    </message>
    <message>
        <source>Pasted a {0} board (Ctrl+S saves it){1}</source>
        <translation>{0} の盤面を貼り付けました（Ctrl+S で保存）{1}</translation>
    </message>
    <message>
        <source>Not pasted: neither a board nor an answer for this board: {0}</source>
        <translation>貼り付けませんでした: 盤面でも、この盤面の解答でもありません: {0}</translation>
    </message>
    <message>
        <source>No answer file to reload: open one with Ctrl+Shift+O</source>
        <translation>再読み込みする解答ファイルがありません: Ctrl+Shift+O で開いてください</translation>
    </message>
    <message>
        <source>{0} changed, but it is not a valid answer now ({1}); the board keeps the answer it had</source>
        <translation>{0} が変更されましたが、現在は有効な解答ではありません（{1}）。盤面は以前の解答のままです</translation>
    </message>
    <message>
        <source>Reloaded {0}: {1} moves, {2}</source>
        <translation>{0} を再読み込みしました: {1} 手、{2}</translation>
    </message>
    <message>
        <source>The last board, {0}, is gone; here is the sample board</source>
        <translation>前回の盤面 {0} が見つかりません。サンプル盤面を表示します</translation>
    </message>
</context>
<context>
    <name>CaseNavigator</name>
    <message>
        <source> Case: </source>
        <translation> ケース: </translation>
    </message>
    <message>
        <source> Edited from {0}: </source>
        <translation> {0} から編集: </translation>
    </message>
    <message>
        <source> File: </source>
        <translation> ファイル: </translation>
    </message>
    <message>
        <source> Seed: </source>
        <translation> シード: </translation>
    </message>
    <message>
        <source>Case {0} of the {1} in {2}{3}: ◀ and ▶ (Alt+← and Alt+→) open the previous and next one; type a number and press Enter to open that one</source>
        <translation>{2}{3} の {1} ケース中のケース {0}: ◀ と ▶（Alt+← と Alt+→）で前後のケースを開きます。番号を入力して Enter を押すとそのケースを開きます</translation>
    </message>
    <message>
        <source> Edited from case: </source>
        <translation> 編集元のケース: </translation>
    </message>
    <message>
        <source>{0} holds {1} cases: no case {2}</source>
        <translation>{0} には {1} ケースあります: ケース {2} はありません</translation>
    </message>
</context>
<context>
    <name>CaseView</name>
    <message>
        <source>vis.html</source>
        <translation>vis.html</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>入力</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>出力</translation>
    </message>
    <message>
        <source>stderr</source>
        <translation>標準エラー</translation>
    </message>
    <message>
        <source>Visualizer</source>
        <translation>ビジュアライザ</translation>
    </message>
    <message>
        <source>case {0}: score {1}, {2}</source>
        <translation>ケース {0}: スコア {1}、{2}</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>error: {0}</source>
        <translation>エラー: {0}</translation>
    </message>
    <message>
        <source>error: cannot write to standard output: {0}</source>
        <translation>エラー: 標準出力に書き込めません: {0}</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <source>write a contest input for a seed</source>
        <translation>シードからコンテストの入力を書き出す</translation>
    </message>
    <message>
        <source>check an answer with the engine and print its score</source>
        <translation>解答をエンジンで検証してスコアを表示する</translation>
    </message>
    <message>
        <source>answer inputs with a built-in solver</source>
        <translation>組み込みのソルバーで入力に解答する</translation>
    </message>
    <message>
        <source>answer the contest&apos;s stdin protocol, as a tester runs a program</source>
        <translation>テスターがプログラムを動かすように、コンテストの標準入出力プロトコルで応答する</translation>
    </message>
    <message>
        <source>the puzzles and their solvers</source>
        <translation>パズルとそのソルバーの一覧</translation>
    </message>
    <message>
        <source>draw a board or a replay to .png, .gif or .mp4</source>
        <translation>盤面やリプレイを .png、.gif、.mp4 に描き出す</translation>
    </message>
    <message>
        <source>run a solver or your program over many cases; compare, show, rerun, noise, tune</source>
        <translation>ソルバーやあなたのプログラムを多数のケースで実行する。compare、show、rerun、noise、tune</translation>
    </message>
    <message>
        <source>the run database: list, standings, comment, import</source>
        <translation>実行データベース: list、standings、comment、import</translation>
    </message>
    <message>
        <source>a contest from its official tools: init, list, show, forget, open</source>
        <translation>公式ツールからのコンテスト: init、list、show、forget、open</translation>
    </message>
    <message>
        <source>write a new puzzle package to fill in</source>
        <translation>中身を書き込む新しいパズルのパッケージを作る</translation>
    </message>
    <message>
        <source>compile solver kernels ahead, so first solves start at once</source>
        <translation>ソルバーのカーネルを事前にコンパイルし、最初の求解をすぐ始められるようにする</translation>
    </message>
    <message>
        <source>print the shell code for Tab completion</source>
        <translation>Tab 補完用のシェルのコードを表示する</translation>
    </message>
    <message>
        <source>put the app in the desktop&apos;s menu</source>
        <translation>アプリをデスクトップのメニューに登録する</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>this run</source>
        <translation>この実行</translation>
    </message>
    <message>
        <source>B {0} against A {1}</source>
        <translation>B {0} 対 A {1}</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>並べて表示</translation>
    </message>
    <message>
        <source>Open the selected case with both runs&apos; answers side by side (or double-click its row)</source>
        <translation>選んだケースを両方の実行の解答を並べて開きます（行のダブルクリックでも開けます）</translation>
    </message>
    <message>
        <source>B − A {0} (95% CI {1} .. {2}); paired t-test p = {3:.3g}, Wilcoxon p = {4:.3g}</source>
        <translation>B − A {0}（95% CI {1} .. {2}）、対応のある t 検定 p = {3:.3g}、Wilcoxon p = {4:.3g}</translation>
    </message>
    <message>
        <source>B − A {0}; no statistics on {1} shared cases (a test needs {2} or more)</source>
        <translation>B − A {0}。共通の {1} ケースでは統計を出せません（検定には {2} ケース以上が必要）</translation>
    </message>
    <message>
        <source>Raw score on the {0} cases OK in both: mean A {1}, mean B {2}.</source>
        <translation>両方で OK の {0} ケースの生スコア: 平均 A {1}、平均 B {2}。</translation>
    </message>
    <message>
        <source>No case is OK in both runs.</source>
        <translation>両方の実行で OK のケースはありません。</translation>
    </message>
    <message>
        <source>A = {0}, B = {1} ({2})</source>
        <translation>A = {0}、B = {1}（{2}）</translation>
    </message>
    <message>
        <source>{0} shared cases: B wins {1}, loses {2}, ties {3} (a case OK in one run only is a win for it).</source>
        <translation>共通の {0} ケース: B の勝ち {1}、負け {2}、引き分け {3}（片方の実行でのみ OK のケースはその実行の勝ち）。</translation>
    </message>
    <message>
        <source>Failed: A {0}, B {1}.</source>
        <translation>失敗: A {0}、B {1}。</translation>
    </message>
    <message>
        <source>Relative score (per case against the better of the two, a failed case 0): mean A {0:.4f}, mean B {1:.4f}; {2}.</source>
        <translation>相対スコア（ケースごとに 2 つのうち良いほうに対する値、失敗したケースは 0）: 平均 A {0:.4f}、平均 B {1:.4f}。{2}。</translation>
    </message>
    <message>
        <source>case</source>
        <translation>ケース</translation>
    </message>
    <message>
        <source>group</source>
        <translation>グループ</translation>
    </message>
    <message>
        <source>A: {0}</source>
        <translation>A: {0}</translation>
    </message>
    <message>
        <source>B: {0}</source>
        <translation>B: {0}</translation>
    </message>
    <message>
        <source>relative B − A</source>
        <translation>相対スコア B − A</translation>
    </message>
    <message>
        <source>verdicts</source>
        <translation>判定</translation>
    </message>
</context>
<context>
    <name>Comparisons</name>
    <message>
        <source>Cannot show the case side by side: {0}</source>
        <translation>ケースを並べて表示できません: {0}</translation>
    </message>
</context>
<context>
    <name>ContestInit</name>
    <message>
        <source>Which scores win: max (higher) or min (lower)?</source>
        <translation>どちらのスコアが勝ちですか: max（高いほうが勝ち）または min（低いほうが勝ち）</translation>
    </message>
    <message>
        <source>Time limit, seconds a case</source>
        <translation>制限時間（1 ケースあたりの秒数）</translation>
    </message>
    <message>
        <source>Build command, run before each batch (&apos;{0}&apos;: none)</source>
        <translation>ビルドコマンド（各バッチ実行の前に実行。&apos;{0}&apos;: なし）</translation>
    </message>
    <message>
        <source>Run command, your program (&apos;{0}&apos;: none; batch then needs --cmd)</source>
        <translation>実行コマンド（あなたのプログラム。&apos;{0}&apos;: なし。その場合バッチ実行には --cmd が必要）</translation>
    </message>
</context>
<context>
    <name>ContestWindow</name>
    <message>
        <source>{0} — Puzzle Workbench</source>
        <translation>{0} — Puzzle Workbench</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open run…</source>
        <translation>実行結果を開く(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Compare with…</source>
        <translation>比較(&amp;C)…</translation>
    </message>
    <message>
        <source>Open another &amp;contest…</source>
        <translation>別のコンテストを開く(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>閉じる(&amp;C)</translation>
    </message>
    <message>
        <source>; showing {0}</source>
        <translation>。{0} を表示中</translation>
    </message>
    <message>
        <source>; no run yet: type your program and press Start</source>
        <translation>。まだ実行がありません: プログラムを入力して「開始」を押してください</translation>
    </message>
</context>
<context>
    <name>ContestWindows</name>
    <message>
        <source>Open a contest (made by &apos;puzzle-workbench contest init&apos;)</source>
        <translation>コンテストを開く（&apos;puzzle-workbench contest init&apos; で作成したもの）</translation>
    </message>
    <message>
        <source>Contest files (contest.toml *.toml)</source>
        <translation>コンテストのファイル (contest.toml *.toml)</translation>
    </message>
    <message>
        <source>Cannot open the contest: {0}</source>
        <translation>コンテストを開けません: {0}</translation>
    </message>
</context>
<context>
    <name>Deadlock</name>
    <message>
        <source>boxes on goals</source>
        <translation>ゴール上の箱</translation>
    </message>
    <message>
        <source>Deadlock: the box at {0} is where no goal can be reached from — Undo (Ctrl+Z)</source>
        <translation>デッドロック: {0} の箱はどのゴールにも届かない位置にあります — 元に戻す（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Deadlock: the boxes at {0} are where no goal can be reached from — Undo (Ctrl+Z)</source>
        <translation>デッドロック: {0} の箱はどのゴールにも届かない位置にあります — 元に戻す（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Deadlock: the boxes at {0} are frozen, one off its goal, and can never move again — Undo (Ctrl+Z)</source>
        <translation>デッドロック: {0} の箱は固まっていて、1 つがゴールから外れたまま二度と動かせません — 元に戻す（Ctrl+Z）</translation>
    </message>
</context>
<context>
    <name>Editing</name>
    <message>
        <source>&amp;Editor mode</source>
        <translation>エディタモード(&amp;E)</translation>
    </message>
    <message>
        <source>Editor mode: edit the board (Help ▸ Keyboard and mouse says how)</source>
        <translation>エディタモード: 盤面を編集します（操作はヘルプ ▸ キーボードとマウス）</translation>
    </message>
    <message>
        <source>Play mode</source>
        <translation>プレイモード</translation>
    </message>
    <message>
        <source>Edit refused: {0}</source>
        <translation>編集できません: {0}</translation>
    </message>
    <message>
        <source>Board edited: Undo (Ctrl+Z) brings back the board before, with its moves</source>
        <translation>盤面を編集しました: 元に戻す（Ctrl+Z）で編集前の盤面と手順が戻ります</translation>
    </message>
</context>
<context>
    <name>EditorPanel</name>
    <message>
        <source>Resize</source>
        <translation>サイズ変更</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>クリア</translation>
    </message>
    <message>
        <source>Fill</source>
        <translation>塗りつぶし</translation>
    </message>
    <message>
        <source>Random fill</source>
        <translation>ランダムに埋める</translation>
    </message>
    <message>
        <source>Paint</source>
        <translation>描く</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>シード</translation>
    </message>
    <message>
        <source>Density</source>
        <translation>密度</translation>
    </message>
    <message>
        <source>Undo takes an edit back. Save the edited board with File ▸ Save input as…</source>
        <translation>元に戻すで編集を取り消せます。編集した盤面はファイル ▸ 入力を名前を付けて保存… で保存します</translation>
    </message>
</context>
<context>
    <name>Exports</name>
    <message>
        <source>Finish the game?</source>
        <translation>ゲームを最後まで進めますか？</translation>
    </message>
    <message>
        <source>The game stops after {0} moves, so the judge would not accept it.

Finish the remaining turns with the fast policy {1} and export the whole game to {2}?</source>
        <translation>このゲームは {0} 手で止まっているため、ジャッジに受理されません。

残りのターンを高速な方策 {1} で進め、ゲーム全体を {2} に書き出しますか？</translation>
    </message>
    <message>
        <source>Finish with {0} and export</source>
        <translation>{0} で最後まで進めて書き出す</translation>
    </message>
</context>
<context>
    <name>FlaggedList</name>
    <message>
        <source>Cases worth a look: failed, far below the best-known, or near the time limit; click one to open it</source>
        <translation>確認すべきケース: 失敗、既知の最良を大きく下回る、または制限時間に近いもの。クリックで開きます</translation>
    </message>
    <message>
        <source>case {0}: {1}</source>
        <translation>ケース {0}: {1}</translation>
    </message>
    <message>
        <source> (the first {0} listed; the filter &apos;flagged&apos; shows them all)</source>
        <translation> （最初の {0} 件を表示。フィルター &apos;flagged&apos; ですべて表示されます）</translation>
    </message>
    <message>
        <source>1 case</source>
        <translation>1 ケース</translation>
    </message>
    <message>
        <source>{0} cases</source>
        <translation>{0} ケース</translation>
    </message>
    <message>
        <source>Flagged: {0} worth a look (failed, far below the best-known, or near the time limit){1}: click one to open it</source>
        <translation>要確認: {0}（失敗、既知の最良を大きく下回る、または制限時間に近い）{1}。クリックすると開きます</translation>
    </message>
</context>
<context>
    <name>FrontierTable</name>
    <message>
        <source>score</source>
        <translation>スコア</translation>
    </message>
    <message>
        <source>moves</source>
        <translation>手数</translation>
    </message>
    <message>
        <source>facts</source>
        <translation>情報</translation>
    </message>
    <message>
        <source>solver</source>
        <translation>ソルバー</translation>
    </message>
    <message>
        <source>This turn&apos;s moves (the one it plays first; click to preview)</source>
        <translation>このターンの手（最初に指す手。クリックでプレビュー）</translation>
    </message>
    <message>
        <source>Best answers and frontier (best score first; click to preview)</source>
        <translation>最良の解答とフロンティア（スコアの良い順。クリックでプレビュー）</translation>
    </message>
    <message>
        <source>The contest score of the game from its start to the row&apos;s position (the status bar&apos;s scale); hover a score for the solver&apos;s estimate of the final score</source>
        <translation>ゲーム開始からこの行の局面までのコンテストスコア（ステータスバーと同じ尺度）。スコアにカーソルを合わせると、ソルバーによる最終スコアの推定値を表示します</translation>
    </message>
    <message>
        <source>The contest score of the whole answer from the game&apos;s start to the row&apos;s position (the status bar&apos;s scale); hover a score for the solver&apos;s own figure</source>
        <translation>ゲーム開始からこの行の局面までの解答全体のコンテストスコア（ステータスバーと同じ尺度）。スコアにカーソルを合わせると、ソルバー自身の値を表示します</translation>
    </message>
    <message>
        <source>The contest&apos;s facts of the whole answer from the game&apos;s start to the row&apos;s position</source>
        <translation>ゲーム開始からこの行の局面までの解答全体についてのコンテスト上の情報</translation>
    </message>
    <message>
        <source>The solver&apos;s own figures for this move: its playouts estimate the final score (mean), they are not a contest score</source>
        <translation>この手についてのソルバー自身の値: プレイアウトによる最終スコアの推定（平均）であり、コンテストスコアではありません</translation>
    </message>
    <message>
        <source>The solver&apos;s own figures, counted from the position it started from; its counts that the facts give are left out</source>
        <translation>ソルバー自身の値（開始した局面から数えたもの）。コンテスト上の情報に含まれる数は省いています</translation>
    </message>
    <message>
        <source>an answer the solver found</source>
        <translation>ソルバーが見つけた解答</translation>
    </message>
    <message>
        <source>the solver&apos;s estimate of the final score: {0}</source>
        <translation>ソルバーによる最終スコアの見積もり: {0}</translation>
    </message>
    <message>
        <source>the solver&apos;s own figure: {0}</source>
        <translation>ソルバー自身の値: {0}</translation>
    </message>
</context>
<context>
    <name>GenerateDialog</name>
    <message>
        <source>Generate a {0} board</source>
        <translation>{0} の盤面を生成</translation>
    </message>
    <message>
        <source>The same seed always gives the same board (the official generator&apos;s)</source>
        <translation>同じシードからは常に同じ盤面ができます（公式ジェネレータと同じ）</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>シード</translation>
    </message>
    <message>
        <source>. Allowed: {0}.</source>
        <translation>。指定できる値: {0}。</translation>
    </message>
    <message>
        <source>A board from the {0} generator. Leave an option at its default for the contest&apos;s own cases.</source>
        <translation>{0} のジェネレータで作る盤面です。コンテストのケースと同じにするには、オプションを既定値のままにしてください。</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
</context>
<context>
    <name>Guide</name>
    <message>
        <source>&amp;New (start page)…</source>
        <translation>新規（スタートページ）(&amp;N)…</translation>
    </message>
    <message>
        <source>New con&amp;test…</source>
        <translation>新しいコンテスト(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Rules of this puzzle</source>
        <translation>このパズルのルール(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Keyboard and mouse</source>
        <translation>キーボードとマウス(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Start page</source>
        <translation>スタートページ(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;About Puzzle Workbench</source>
        <translation>Puzzle Workbench について(&amp;A)</translation>
    </message>
    <message>
        <source>Keyboard and mouse</source>
        <translation>キーボードとマウス</translation>
    </message>
</context>
<context>
    <name>HintControl</name>
    <message>
        <source>&amp;Hint</source>
        <translation>ヒント(&amp;H)</translation>
    </message>
    <message>
        <source>; loading its kernels first (first use)</source>
        <translation>。先にカーネルを読み込みます（初回のみ）</translation>
    </message>
</context>
<context>
    <name>HistoryPanel</name>
    <message>
        <source>Move</source>
        <translation>手</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
</context>
<context>
    <name>HtmlView</name>
    <message>
        <source>Open in the browser</source>
        <translation>ブラウザで開く</translation>
    </message>
    <message>
        <source>{0}.
The page is {1}</source>
        <translation>{0}。
ページは {1} です</translation>
    </message>
</context>
<context>
    <name>KeysHelp</name>
    <message>
        <source>&lt;b&gt;History tab:&lt;/b&gt; click any move to jump there; a move after an undo starts a branch.</source>
        <translation>&lt;b&gt;履歴タブ:&lt;/b&gt; 手をクリックするとその時点へ移動します。元に戻した後に指した手は分岐になります。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step-through tab:&lt;/b&gt; once the tab is in front, ← and → step; a click on the board gives the arrow keys back to play. Click the score-by-step plot to go to a step.</source>
        <translation>&lt;b&gt;ステップ再生タブ:&lt;/b&gt; タブが前面にあるときは ← と → で 1 ステップずつ進みます。盤面をクリックすると矢印キーがプレイ用に戻ります。ステップごとのスコアのグラフをクリックすると、そのステップへ移動します。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Zoom:&lt;/b&gt; Ctrl+wheel over the board.</source>
        <translation>&lt;b&gt;ズーム:&lt;/b&gt; 盤面上で Ctrl+ホイール。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cases and seeds:&lt;/b&gt; type a number in the toolbar&apos;s box to go to that case or seed.</source>
        <translation>&lt;b&gt;ケースとシード:&lt;/b&gt; ツールバーのボックスに番号を入力すると、そのケースまたはシードへ移動します。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Answer files:&lt;/b&gt; an answer opened from a file is loaded again when the file changes on disk.</source>
        <translation>&lt;b&gt;解答ファイル:&lt;/b&gt; ファイルから開いた解答は、ディスク上のファイルが変更されると再読み込みされます。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Frontier:&lt;/b&gt; click a row of the Solver tab&apos;s table to preview that state on the board; Esc goes back.</source>
        <translation>&lt;b&gt;フロンティア:&lt;/b&gt; ソルバータブの表の行をクリックすると、その状態を盤面でプレビューします。Esc で戻ります。</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <source>The system&apos;s ({0})</source>
        <translation>システムの設定（{0}）</translation>
    </message>
    <message>
        <source>{0}: the app shows it from its next start</source>
        <translation>{0}: 次回の起動から表示されます</translation>
    </message>
</context>
<context>
    <name>LivePlot</name>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>score</source>
        <translation>スコア</translation>
    </message>
    <message>
        <source>[SCORE] (the program&apos;s own)</source>
        <translation>[SCORE]（プログラム自身の値）</translation>
    </message>
    <message>
        <source>snapshots (official score)</source>
        <translation>スナップショット（公式スコア）</translation>
    </message>
</context>
<context>
    <name>LiveRunView</name>
    <message>
        <source>No snapshot yet: the vis shows the one the slider picks</source>
        <translation>スナップショットはまだありません: ビジュアライザにはスライダーで選んだものが表示されます</translation>
    </message>
    <message>
        <source>Snapshot {0} is not drawn: {1}</source>
        <translation>スナップショット {0} は描画されません: {1}</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>解答なし</translation>
    </message>
    <message>
        <source>{0}, snapshot {1}</source>
        <translation>{0}、スナップショット {1}</translation>
    </message>
    <message>
        <source>Run this case live — {0}: {1}</source>
        <translation>このケースをライブ実行 — {0}: {1}</translation>
    </message>
    <message>
        <source>No snapshot yet</source>
        <translation>スナップショットはまだありません</translation>
    </message>
    <message>
        <source>your program, e.g. ./a.out or python3 main.py</source>
        <translation>あなたのプログラム（例: ./a.out、python3 main.py）</translation>
    </message>
    <message>
        <source>Runs through the shell with the case on stdin. Lines &apos;[SCORE] value&apos; on stderr and snapshots (answers in stdout, files in $PWB_SNAPSHOT_DIR) are plotted live</source>
        <translation>シェル経由で実行し、ケースを標準入力に渡します。標準エラーの「[SCORE] 値」の行とスナップショット（標準出力の解答、$PWB_SNAPSHOT_DIR のファイル）をリアルタイムにプロットします</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>The program&apos;s time limit (past it, it is killed: TLE)</source>
        <translation>プログラムの制限時間（超えると強制終了: TLE）</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Type your program and press Run</source>
        <translation>プログラムを入力して「実行」を押してください</translation>
    </message>
    <message>
        <source>Program</source>
        <translation>プログラム</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>Snapshot</source>
        <translation>スナップショット</translation>
    </message>
    <message>
        <source>1 [SCORE] line</source>
        <translation>[SCORE] 行 1 行</translation>
    </message>
    <message>
        <source>{0} [SCORE] lines</source>
        <translation>[SCORE] 行 {0} 行</translation>
    </message>
    <message>
        <source>1 snapshot</source>
        <translation>スナップショット 1 個</translation>
    </message>
    <message>
        <source>{0} snapshots</source>
        <translation>スナップショット {0} 個</translation>
    </message>
    <message>
        <source>not scored</source>
        <translation>スコアなし</translation>
    </message>
    <message>
        <source> (not drawn: {0})</source>
        <translation> （描画されません: {0}）</translation>
    </message>
    <message>
        <source>snapshot {0} of {1}: {2} at {3:.2f} s, score {4}{5}</source>
        <translation>スナップショット {0} / {1}: {2}（{3:.2f} 秒）、スコア {4}{5}</translation>
    </message>
    <message>
        <source>Type your program first (the command that runs it)</source>
        <translation>先にプログラム（実行するコマンド）を入力してください</translation>
    </message>
    <message>
        <source>Running &apos;{0}&apos;…</source>
        <translation>「{0}」を実行中…</translation>
    </message>
    <message>
        <source>Cancelling: the program&apos;s process group is killed…</source>
        <translation>キャンセル中: プログラムのプロセスグループを終了しています…</translation>
    </message>
    <message>
        <source>Running: {0:.1f} s, {1}, {2}</source>
        <translation>実行中: {0:.1f} 秒、{1}、{2}</translation>
    </message>
    <message>
        <source>, best {0}</source>
        <translation>、最良 {0}</translation>
    </message>
    <message>
        <source>; {0} ignored (not a number)</source>
        <translation>。{0} 件を無視しました（数値ではありません）</translation>
    </message>
    <message>
        <source>Cancelled after {0:.2f} s: the program was killed; {1}</source>
        <translation>{0:.2f} 秒後にキャンセル: プログラムを強制終了しました。{1}</translation>
    </message>
    <message>
        <source>Ended in {0:.2f} s: score {1}{2}; {3}</source>
        <translation>{0:.2f} 秒で終了: スコア {1}{2}。{3}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;Board</source>
        <translation>盤面(&amp;B)</translation>
    </message>
    <message>
        <source>History</source>
        <translation>履歴</translation>
    </message>
    <message>
        <source>Step-through</source>
        <translation>ステップ再生</translation>
    </message>
    <message>
        <source>Solver</source>
        <translation>ソルバー</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近使ったファイル(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Solver</source>
        <translation>ソルバー(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>開始(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Pause / resume</source>
        <translation>一時停止 / 再開(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>キャンセル(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Apply best</source>
        <translation>最良解を適用(&amp;A)</translation>
    </message>
    <message>
        <source>Run this case &amp;live…</source>
        <translation>このケースをライブ実行(&amp;L)…</translation>
    </message>
    <message>
        <source>Batch &amp;runs…</source>
        <translation>バッチ実行(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>メイン</translation>
    </message>
    <message>
        <source> Puzzle: </source>
        <translation> パズル: </translation>
    </message>
    <message>
        <source>sample board</source>
        <translation>サンプル盤面</translation>
    </message>
    <message>
        <source>unsaved board</source>
        <translation>未保存の盤面</translation>
    </message>
    <message>
        <source>{0} — {1} — Puzzle Workbench</source>
        <translation>{0} — {1} — Puzzle Workbench</translation>
    </message>
    <message>
        <source>The {0} solvers are ready</source>
        <translation>{0} のソルバーの準備ができました</translation>
    </message>
    <message>
        <source>&amp;Generate board…</source>
        <translation>盤面を生成(&amp;G)…</translation>
    </message>
    <message>
        <source>&amp;Open input…</source>
        <translation>入力を開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;solution…</source>
        <translation>解答を開く(&amp;S)…</translation>
    </message>
    <message>
        <source>Open the sa&amp;mple board</source>
        <translation>サンプル盤面を開く(&amp;M)</translation>
    </message>
    <message>
        <source>Ne&amp;xt case or seed</source>
        <translation>次のケース・シード(&amp;X)</translation>
    </message>
    <message>
        <source>Previous case or see&amp;d</source>
        <translation>前のケース・シード(&amp;D)</translation>
    </message>
    <message>
        <source>Open &amp;contest…</source>
        <translation>コンテストを開く(&amp;C)…</translation>
    </message>
    <message>
        <source>Sa&amp;ve input as…</source>
        <translation>入力を名前を付けて保存(&amp;V)…</translation>
    </message>
    <message>
        <source>&amp;Export solution…</source>
        <translation>解答を書き出す(&amp;E)…</translation>
    </message>
    <message>
        <source>Export board as &amp;PNG…</source>
        <translation>盤面を PNG で書き出す(&amp;P)…</translation>
    </message>
    <message>
        <source>Export re&amp;play (GIF/MP4)…</source>
        <translation>リプレイを書き出す(GIF/MP4)(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Copy the board as an image</source>
        <translation>盤面を画像としてコピー(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the &amp;answer</source>
        <translation>解答をコピー(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Paste an answer or a board</source>
        <translation>解答または盤面を貼り付け(&amp;P)</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>拡大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>縮小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Fit board</source>
        <translation>盤面に合わせる(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Back to the game</source>
        <translation>ゲームに戻る(&amp;B)</translation>
    </message>
    <message>
        <source>Step-through: &amp;start of the line</source>
        <translation>ステップ再生: 手順の最初へ(&amp;S)</translation>
    </message>
    <message>
        <source>Step-through: &amp;end of the line</source>
        <translation>ステップ再生: 手順の最後へ(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>テーマ(&amp;T)</translation>
    </message>
    <message>
        <source>Panels</source>
        <translation>パネル</translation>
    </message>
    <message>
        <source>Editor</source>
        <translation>エディタ</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>バッチ実行</translation>
    </message>
</context>
<context>
    <name>NewContestDialog</name>
    <message>
        <source>New contest: {0}</source>
        <translation>新しいコンテスト: {0}</translation>
    </message>
    <message>
        <source>max (higher scores win)</source>
        <translation>max（高いスコアが勝ち）</translation>
    </message>
    <message>
        <source>min (lower scores win)</source>
        <translation>min（低いスコアが勝ち）</translation>
    </message>
    <message>
        <source>{0}: none</source>
        <translation>{0}: なし</translation>
    </message>
    <message>
        <source>Suggested {0}</source>
        <translation>提案元: {0}</translation>
    </message>
    <message>
        <source>Write contest.toml</source>
        <translation>contest.toml を書き出す</translation>
    </message>
    <message>
        <source>{{DIR}} is {0}</source>
        <translation>{{DIR}} は {0} です</translation>
    </message>
    <message>
        <source>The contest&apos;s folder (its tools/, or a tester)</source>
        <translation>コンテストのフォルダ（tools/ のあるフォルダ、またはテスター）</translation>
    </message>
    <message>
        <source>New contest</source>
        <translation>新しいコンテスト</translation>
    </message>
</context>
<context>
    <name>Noise</name>
    <message>
        <source>same program ({0} in both runs); differences are noise (±{1}, 95%, from the runs&apos; repeats)</source>
        <translation>同じプログラムです（両方の実行で {0}）。差はノイズです（±{1}、95%、実行の繰り返しから）</translation>
    </message>
    <message>
        <source>same program ({0} in both runs); differences are noise (±{1}, this pair&apos;s 95% interval)</source>
        <translation>同じプログラムです（両方の実行で {0}）。差はノイズです（±{1}、この組の 95% 区間）</translation>
    </message>
    <message>
        <source>same program ({0} in both runs); differences are noise</source>
        <translation>同じプログラムです（両方の実行で {0}）。差はノイズです</translation>
    </message>
    <message>
        <source>{0} {1} from {2} runs a case</source>
        <translation>{0} {1}（1 ケース {2} 回の実行から）</translation>
    </message>
    <message>
        <source>noise: {0} - {1} {2} is larger than the noise of these programs on these cases (±{3}, 95%; SD between runs of a case: {4})</source>
        <translation>ノイズ: {0} - {1} {2} は、これらのケースでのこれらのプログラムのノイズより大きい差です（±{3}、95%。同じケースの実行間の標準偏差: {4}）</translation>
    </message>
    <message>
        <source>noise: {0} - {1} {2} is within the noise of these programs on these cases (±{3}, 95%; SD between runs of a case: {4})</source>
        <translation>ノイズ: {0} - {1} {2} は、これらのケースでのこれらのプログラムのノイズの範囲内です（±{3}、95%。同じケースの実行間の標準偏差: {4}）</translation>
    </message>
    <message>
        <source>; but a run was loaded (below): the difference may be the load&apos;s</source>
        <translation>。ただし一方の実行は負荷がかかっていました（下記）: 差は負荷によるものかもしれません</translation>
    </message>
    <message>
        <source>noise: unknown (each case ran once in both runs); measure it: {0}</source>
        <translation>ノイズ: 不明（両方の実行で各ケース 1 回のみ）。測るには: {0}</translation>
    </message>
    <message>
        <source>noise: unknown (each case ran once in both runs); measure it with batch --repeat 5</source>
        <translation>ノイズ: 不明（両方の実行で各ケース 1 回のみ）。batch --repeat 5 で測れます</translation>
    </message>
</context>
<context>
    <name>Painter</name>
    <message>
        <source>Play: an arrow key slides a tile into the empty square in the arrow&apos;s direction (Right moves the tile left of the gap to the right, so the empty square goes left: contest letter L). The keys U, D, L and R play the contest letters themselves (where the empty square goes). A click on a tile beside the empty square slides it in.

Edit: a click near a side of a tile toggles that stub; a click in the middle of a tile moves the empty square there. Saving checks the board (one empty square, enough matching stubs).</source>
        <translation>Play: 矢印キーで、タイルを矢印の向きに空きマスへスライドします（→ は空きマスの左のタイルを右へ動かすので、空きマスは左へ移動: コンテストの文字では L）。U、D、L、R キーはコンテストの文字そのもの（空きマスの移動方向）で指します。空きマスの隣のタイルをクリックしてもスライドします。

Edit: タイルの辺の近くをクリックするとその線の端を切り替え、タイルの中央をクリックすると空きマスをそこへ移します。保存時に盤面を検査します（空きマスが 1 つ、線の端の数が合っていること）。</translation>
    </message>
    <message>
        <source>keys: arrows move a tile into the gap, U/D/L/R move the gap (contest letters)</source>
        <translation>キー: 矢印でタイルを空きマスへ、U/D/L/R で空きマスを移動（コンテストの文字）</translation>
    </message>
    <message>
        <source>click near a side of a tile to toggle that stub, in its middle to move the gap there</source>
        <translation>タイルの辺の近くをクリックで線の端を切り替え、中央をクリックで空きマスをそこへ</translation>
    </message>
    <message>
        <source>Play: the arrow keys tilt the box (Up = F toward row 0, Down = B, Left = L, Right = R); the next candy then drops where the input file says. Flavours differ by colour and by glyph (strawberry ●, watermelon ■, pumpkin ▲), and a thick line separates neighbouring groups, the groups the score counts.

Edit: nothing to draw. The box starts empty, and the input file fixes the order of the 100 candies and where each one drops; open another input or use File ▸ Generate board….</source>
        <translation>Play: 矢印キーで箱を傾けます（↑ = F で 0 行目の方向、↓ = B、← = L、→ = R）。次のキャンディは入力ファイルの指定どおりの場所に落ちます。味は色と形で区別され（いちご ●、すいか ■、かぼちゃ ▲）、隣り合うグループの間には太い線が引かれます。スコアが数えるのはこのグループです。

Edit: 描くものはありません。箱は空から始まり、100 個のキャンディの順番と落ちる場所は入力ファイルが決めます。別の入力を開くか、ファイル ▸ 盤面を生成… を使ってください。</translation>
    </message>
    <message>
        <source>arrows tilt: ↑ F  ↓ B  ← L  → R</source>
        <translation>矢印で傾ける: ↑ F  ↓ B  ← L  → R</translation>
    </message>
    <message>
        <source>nothing to draw: the input fixes the candies</source>
        <translation>描くものはありません: キャンディは入力が決めます</translation>
    </message>
    <message>
        <source>click or drag on the board to edit it</source>
        <translation>盤面をクリックまたはドラッグして編集</translation>
    </message>
    <message>
        <source>Play: Left and Right move the pending pack, Z and X turn it anticlockwise and clockwise, Space drops it, S fires the skill; a click on a column moves the pack there. The three faded rows above the danger line may hold a chain in progress, never a settled turn. With Show stages on, a chain plays erase by erase, the erased blocks outlined.

Edit: paint blocks 1 to 9, ojama or empty cells (a block falls onto its column&apos;s stack, and erasing lets the blocks above fall), and set the turn budget, the ojama stock and the skill gauge of the start in the editor panel.</source>
        <translation>Play: ← と → で落とす前のパックを動かし、Z と X で左回り・右回りに回し、Space で落とし、S でスキルを発動します。列をクリックするとパックをそこへ動かします。デンジャーラインより上の薄い 3 行には連鎖の途中のブロックが入ることがありますが、確定したターンには入りません。「段階を表示」がオンなら、連鎖を 1 回の消去ずつ再生し、消えるブロックを囲んで示します。

Edit: 1〜9 のブロック、お邪魔、空きマスを描きます（ブロックはその列の上に落ち、消えると上のブロックが落ちます）。開始時のターン数、お邪魔のストック、スキルゲージはエディタパネルで設定します。</translation>
    </message>
    <message>
        <source>←/→ move the pack, Z/X turn it, Space drops, S fires the skill</source>
        <translation>←/→ でパックを移動、Z/X で回転、Space で落下、S でスキル</translation>
    </message>
    <message>
        <source>click or drag to paint the start field with the editor&apos;s block</source>
        <translation>クリックまたはドラッグで、エディタのブロックを開始時のフィールドに描く</translation>
    </message>
    <message>
        <source>Play: click a piece, then the cell it lands on (or drag the piece there). A piece jumps over a neighbour in any of the eight directions, and the neighbour is removed; the selected piece&apos;s legal landings are marked.

Edit: click or drag to paint pieces and empty cells. The editor panel resizes the board, clears or fills it, or fills it at random with the generator&apos;s seed and density.</source>
        <translation>Play: 駒をクリックし、次に着地するマスをクリックします（駒をそこへドラッグしても構いません）。駒は 8 方向のいずれかの隣の駒を飛び越え、飛び越えられた駒は取り除かれます。選んだ駒の着地できるマスには印が付きます。

Edit: クリックまたはドラッグで駒と空きマスを描きます。エディタパネルで盤面のサイズ変更、クリア、塗りつぶし、ジェネレータのシードと密度によるランダムな塗りつぶしができます。</translation>
    </message>
    <message>
        <source>click a piece, then where it lands (or drag it)</source>
        <translation>駒をクリックし、次に着地先をクリック（またはドラッグ）</translation>
    </message>
    <message>
        <source>click or drag to paint pieces and empty cells</source>
        <translation>クリックまたはドラッグで駒と空きマスを描く</translation>
    </message>
    <message>
        <source>Play: the puzzle&apos;s keys and clicks. Edit: click or drag to paint.</source>
        <translation>Play: パズルのキーとクリックで遊びます。Edit: クリックまたはドラッグで描きます。</translation>
    </message>
    <message>
        <source>Play: click a ball to select it, then press an arrow key (the selection follows the ball, so arrow keys chain), click an empty cell in line with it, or drag the ball the way it should roll. A ball rolls until a wall or another ball stops it.

Edit: with the paint chosen in the editor panel, toggle walls, place a ball and its target of a colour, drag a ball or a target, or erase a pair; the start and the targets always stay a valid case.</source>
        <translation>Play: ボールをクリックして選び、矢印キーを押すか（選択はボールについていくので矢印キーを続けて押せます）、同じ列・行の空きマスをクリックするか、ボールを転がしたい方向へドラッグします。ボールは壁か別のボールに止められるまで転がります。

Edit: エディタパネルで選んだ塗り方で、壁を切り替え、ある色のボールとその目標を置き、ボールや目標をドラッグし、組を消します。開始の配置と目標は常に有効なケースのままです。</translation>
    </message>
    <message>
        <source>click a ball, then an arrow key or drag it</source>
        <translation>ボールをクリックし、矢印キーを押すかドラッグ</translation>
    </message>
    <message>
        <source>click or drag with the editor&apos;s paint: walls, a ball and its target, moves, erase</source>
        <translation>エディタの塗り方でクリックまたはドラッグ: 壁、ボールと目標、移動、消去</translation>
    </message>
    <message>
        <source>Play: the arrow keys (or W A S D) walk; walking into a box pushes it. A click on a cell next to the player steps there. Undo takes back a step.

Edit: choose a square in the editor panel and click or drag to paint it; painting the player moves it. A level needs as many goals as boxes to be played.</source>
        <translation>Play: 矢印キー（または W A S D）で歩きます。箱に向かって歩くと箱を押します。プレイヤーの隣のマスをクリックするとそこへ 1 歩進みます。元に戻すで 1 歩取り消せます。

Edit: エディタパネルでマスの種類を選び、クリックまたはドラッグで描きます。プレイヤーを描くとプレイヤーが移動します。遊ぶにはゴールと箱が同じ数必要です。</translation>
    </message>
</context>
<context>
    <name>ParamsBox</name>
    <message>
        <source>(--param {0}=…, {1} to {2}, default {3})</source>
        <translation>（--param {0}=…、{1}〜{2}、既定値 {3}）</translation>
    </message>
    <message>
        <source>Parameters ({0})</source>
        <translation>パラメータ（{0}）</translation>
    </message>
    <message>
        <source>No parameters</source>
        <translation>パラメータなし</translation>
    </message>
</context>
<context>
    <name>PastRunsDialog</name>
    <message>
        <source>Runs of {0}</source>
        <translation>{0} の実行結果</translation>
    </message>
    <message>
        <source>mean score</source>
        <translation>平均スコア</translation>
    </message>
    <message>
        <source>run (in the order they started)</source>
        <translation>実行（開始順）</translation>
    </message>
    <message>
        <source>a comment for the selected run</source>
        <translation>選んだ実行へのコメント</translation>
    </message>
    <message>
        <source>{0} in {1}</source>
        <translation>{1} の {0}</translation>
    </message>
    <message>
        <source>No finished run to rank</source>
        <translation>順位を付けられる完了済みの実行がありません</translation>
    </message>
</context>
<context>
    <name>Playing</name>
    <message>
        <source>&amp;Undo</source>
        <translation>元に戻す(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>やり直す(&amp;R)</translation>
    </message>
    <message>
        <source>Illegal move: {0}</source>
        <translation>不正な手: {0}</translation>
    </message>
    <message>
        <source>Played {0}</source>
        <translation>{0} を指しました</translation>
    </message>
    <message>
        <source>Back to</source>
        <translation>戻る:</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>やり直す</translation>
    </message>
    <message>
        <source>Edit undone: the board before it is back, with its moves</source>
        <translation>編集を取り消しました: 編集前の盤面が手順ごと戻りました</translation>
    </message>
    <message>
        <source>Undid move {0}: {1}</source>
        <translation>{0} 手目を取り消しました: {1}</translation>
    </message>
    <message>
        <source>Forward to</source>
        <translation>進む:</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>元に戻す</translation>
    </message>
    <message>
        <source>Redid move {0}: {1}</source>
        <translation>{0} 手目をやり直しました: {1}</translation>
    </message>
    <message>
        <source>Edit redone</source>
        <translation>編集をやり直しました</translation>
    </message>
    <message>
        <source>{0} {1}, with its {2} moves ({3} goes to {4} again)</source>
        <translation>{0} {1}（{2} 手付き。{3} で再び {4} へ）</translation>
    </message>
    <message>
        <source>Stage: {0}</source>
        <translation>段階: {0}</translation>
    </message>
</context>
<context>
    <name>PuzzleCard</name>
    <message>
        <source>&lt;b&gt;{0}&lt;/b&gt;</source>
        <translation>&lt;b&gt;{0}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Play a sample</source>
        <translation>サンプルをプレイ</translation>
    </message>
    <message>
        <source>A board of the official generator (seed {0}) to play by hand</source>
        <translation>公式ジェネレータの盤面（シード {0}）を手で解きます</translation>
    </message>
    <message>
        <source>Watch its solver</source>
        <translation>ソルバーを見る</translation>
    </message>
    <message>
        <source>The same board, with the default solver running on it (F5)</source>
        <translation>同じ盤面で既定のソルバーを実行します（F5）</translation>
    </message>
    <message>
        <source>This puzzle has no solver</source>
        <translation>このパズルにはソルバーがありません</translation>
    </message>
</context>
<context>
    <name>PuzzleRules</name>
    <message>
        <source>A sliding puzzle on an N×N board (6 ≤ N ≤ 10), like the 15-puzzle: each tile shows line stubs toward some of its four sides, and one square is empty. A move (U, D, L or R) moves the empty square that way, sliding the neighbouring tile into it; at most T = 2·N³ moves. Stubs that meet join tiles into a graph. S is the size of the largest connected part with no cycle. Score: round(500000·S/(N²−1)) while the tree is partial; once every tile is in one tree, round(500000·(2 − K/T)) for K moves, so a full tree in fewer moves scores more.</source>
        <translation>N×N の盤面（6 ≤ N ≤ 10）上のスライドパズルで、15 パズルに似ています。各タイルには四辺のいくつかに向かう線の端が描かれ、1 マスが空いています。1 手（U、D、L、R）で空きマスをその方向へ動かし、隣のタイルを空きマスへスライドさせます。手数は最大 T = 2·N³ 手です。接し合う線の端がタイルをつなぎ、グラフを作ります。S は閉路を持たない最大の連結部分の大きさです。スコア: 木が部分的なうちは round(500000·S/(N²−1))、すべてのタイルが 1 つの木になったら K 手で round(500000·(2 − K/T)) です。つまり全域木を少ない手数で作るほど高得点です。</translation>
    </message>
    <message>
        <source>Slide tiles into the empty square until their stubs make one big tree, in as few moves as you can.</source>
        <translation>タイルを空きマスにスライドさせ、線がつながった 1 つの大きな木をできるだけ少ない手数で作ります。</translation>
    </message>
    <message>
        <source>100 candies of 3 flavours fall one by one into a 10×10 box. The flavours are known from the start, but where each candy lands (a random empty cell) is revealed only when it arrives. After each candy you tilt the box once: F (to the front, row 0), B (back), L or R; every candy slides as far as it can. Score: round(10⁶·Σ n_c² / (d₁² + d₂² + d₃²)), where n_c are the sizes of the groups of same-flavour candies touching side by side at the end and d_i the count of each flavour: gather each flavour into one group for 10⁶.</source>
        <translation>3 種類の味のキャンディ 100 個が、1 個ずつ 10×10 の箱に落ちてきます。味は最初からわかっていますが、各キャンディが落ちる場所（ランダムな空きマス）は落ちてくるまでわかりません。キャンディが 1 個落ちるごとに箱を 1 回傾けます: F（手前、0 行目の方向）、B（奥）、L、R のいずれかで、すべてのキャンディができるだけ遠くまで滑ります。スコア: round(10⁶·Σ n_c² / (d₁² + d₂² + d₃²))。n_c は最後に辺で隣り合う同じ味のキャンディのグループの大きさ、d_i は各味の個数です。各味を 1 つのグループにまとめると 10⁶ になります。</translation>
    </message>
    <message>
        <source>Tilt the box after each candy falls so that each flavour ends in one big group.</source>
        <translation>キャンディが落ちるたびに箱を傾け、各味を 1 つの大きなグループにまとめます。</translation>
    </message>
    <message>
        <source>CODE VS Reborn&apos;s chain game, played alone: each turn drops the next 2×2 pack of numbered blocks (1-9) into a field 10 wide and 16 high, at a column (0-8) and turned 0-3 times clockwise; or fires the skill (S) once the gauge reaches 80, which explodes every 5 and its neighbours. Blocks that touch in any of 8 directions and sum to 10 vanish together, blocks above fall, and each further vanishing is one more chain. A field over the danger line at the end of a turn loses. Score: the most ojama (attack) made in one turn within the turn budget K.</source>
        <translation>CODE VS Reborn の連鎖ゲームを 1 人でプレイします。各ターン、番号付きブロック（1〜9）の次の 2×2 のパックを、幅 10・高さ 16 のフィールドの列（0〜8）に、時計回りに 0〜3 回回転させて落とします。またはゲージが 80 に達していればスキル（S）を発動し、すべての 5 とその周囲のブロックを爆発させます。8 方向のいずれかで接し、合計が 10 になるブロックはまとめて消え、上のブロックが落ち、さらに消えるたびに 1 連鎖増えます。ターン終了時にフィールドが危険ラインを超えていると負けです。スコア: ターン数 K 以内の 1 ターンで発生させたおじゃま（攻撃）の最大値。</translation>
    </message>
    <message>
        <source>Drop packs of numbered blocks so pairs summing to 10 vanish in one long chain.</source>
        <translation>番号付きブロックのパックを落とし、合計 10 になる組を 1 つの長い連鎖で消します。</translation>
    </message>
    <message>
        <source>Peg solitaire on a board with no holes: a piece jumps over a neighbouring piece in any of the 8 directions (diagonals too) into the empty cell just beyond it, and the piece jumped over is removed. Each jump is one move; you may stop at any time. Score: the number of jumps (an invalid move scores the case 0). The Mexican IOI 2014 pre-selection&apos;s output-only task.</source>
        <translation>穴のない盤面でのペグソリテア: 駒は 8 方向（斜めを含む）のいずれかで隣の駒を飛び越えて、そのすぐ先の空きマスへ移り、飛び越えられた駒は取り除かれます。1 回のジャンプが 1 手で、いつやめても構いません。スコア: ジャンプの回数（不正な手があるとそのケースは 0 点）。メキシコ IOI 2014 予選の出力のみの問題です。</translation>
    </message>
    <message>
        <source>Jump pieces over their neighbours in 8 directions: make as many jumps as you can.</source>
        <translation>8 方向の隣の駒を飛び越えて、できるだけ多くジャンプします。</translation>
    </message>
    <message>
        <source>A board of walls and coloured balls, and a target layout. A roll picks a ball and a direction; the ball rolls until the edge, a wall or another ball stops it (the other ball stays). At most 20 rolls per ball. Score: for each target cell holding a ball, 1 if the final board has a ball of that colour there, 0.5 for a ball of another colour, divided by the number of balls (1.0: the target reached). TopCoder Marathon Match 90.</source>
        <translation>壁と色付きのボールが置かれた盤面と、目標の配置があります。1 回の転がしではボールと方向を選び、ボールは端、壁、または別のボールに止められるまで転がります（別のボールは動きません）。ボール 1 個あたり最大 20 回まで転がせます。スコア: ボールがある目標マスごとに、最終盤面のそのマスに同じ色のボールがあれば 1、別の色のボールなら 0.5 とし、その合計をボールの数で割った値（1.0 で目標達成）。TopCoder Marathon Match 90。</translation>
    </message>
    <message>
        <source>Roll balls until walls or balls stop them, to rebuild the target layout.</source>
        <translation>壁や他のボールで止まるまでボールを転がし、目標の配置を再現します。</translation>
    </message>
    <message>
        <source>You are the warehouse keeper: walk up, down, left or right, and push a box by walking into it (one box at a time, never pulled). A level is solved when every box is on a goal. A box pushed into a corner that is not a goal can never come out: undo. Score: the moves (or, with --metric pushes, the pushes) of a solution, fewer is better.</source>
        <translation>あなたは倉庫番です。上下左右に歩き、箱に向かって歩くと箱を押せます（一度に 1 個だけで、引くことはできません）。すべての箱がゴールに乗るとレベルクリアです。ゴールでない隅に押し込んだ箱は二度と出せないので、元に戻してください。スコア: 解答の手数（--metric pushes では押した回数）で、少ないほど良くなります。</translation>
    </message>
    <message>
        <source>Push every box onto a goal, in as few moves as you can.</source>
        <translation>すべての箱を、できるだけ少ない手数でゴールへ押し込みます。</translation>
    </message>
</context>
<context>
    <name>ReaderChoice</name>
    <message>
        <source>Which puzzle?</source>
        <translation>どのパズルですか？</translation>
    </message>
    <message>
        <source>{0} reads as a board of {1} puzzles. Open it as:</source>
        <translation>{0} は {1} 種類のパズルの盤面として読めます。どれとして開きますか:</translation>
    </message>
</context>
<context>
    <name>ReplayDialog</name>
    <message>
        <source>Rendering the replay…</source>
        <translation>リプレイを描画中…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Export replay</source>
        <translation>リプレイを書き出す</translation>
    </message>
</context>
<context>
    <name>RulesLine</name>
    <message>
        <source>Rules: {0} (Help ▸ Rules of this puzzle)</source>
        <translation>ルール: {0}（ヘルプ ▸ このパズルのルール）</translation>
    </message>
</context>
<context>
    <name>RulesView</name>
    <message>
        <source>Rules of {0}</source>
        <translation>{0} のルール</translation>
    </message>
</context>
<context>
    <name>RunControls</name>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>制限なし</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>待機中</translation>
    </message>
    <message>
        <source>Solver</source>
        <translation>ソルバー</translation>
    </message>
    <message>
        <source>Time budget</source>
        <translation>時間の予算</translation>
    </message>
    <message>
        <source>Node budget</source>
        <translation>ノード数の予算</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>シード</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>再開</translation>
    </message>
</context>
<context>
    <name>RunForm</name>
    <message>
        <source>Seeds for the generator: 0-99, or 0-9,20-29,50</source>
        <translation>ジェネレータのシード: 0-99、または 0-9,20-29,50</translation>
    </message>
    <message>
        <source>Files…</source>
        <translation>ファイル…</translation>
    </message>
    <message>
        <source>Run on input files instead of seeds</source>
        <translation>シードの代わりに入力ファイルで実行</translation>
    </message>
    <message>
        <source>Options…</source>
        <translation>オプション…</translation>
    </message>
    <message>
        <source>The puzzle&apos;s generator and instance options for the run&apos;s cases</source>
        <translation>実行するケースのジェネレータとインスタンスのオプション</translation>
    </message>
    <message>
        <source>A built-in solver, or your own contest program run with the workbench as judge</source>
        <translation>組み込みのソルバー、またはワークベンチをジャッジとして動かすあなたのコンテスト用プログラム</translation>
    </message>
    <message>
        <source>e.g. ./a.out or python3 main.py</source>
        <translation>例: ./a.out、python3 main.py</translation>
    </message>
    <message>
        <source>Run through the shell from the workbench&apos;s folder; the contest&apos;s stdin/stdout protocol</source>
        <translation>ワークベンチのフォルダからシェル経由で実行します。コンテストの標準入出力のプロトコルに従います</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Per case: the solver&apos;s budget, or your program&apos;s time limit (past it: TLE)</source>
        <translation>ケースごと: ソルバーの予算、またはプログラムの制限時間（超えると TLE）</translation>
    </message>
    <message>
        <source>Cases at a time (default: the cores)</source>
        <translation>同時に実行するケース数（既定: コア数）</translation>
    </message>
    <message>
        <source>Frozen best</source>
        <translation>最良値を固定</translation>
    </message>
    <message>
        <source>Compare with the best-known scores without updating them, so the relative scores of several runs share one scale (and may pass 1)</source>
        <translation>既知の最良スコアを更新せずに比較します。複数の実行の相対スコアが同じ尺度になります（1 を超えることがあります）</translation>
    </message>
    <message>
        <source>Cases</source>
        <translation>ケース</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>ジョブ数</translation>
    </message>
    <message>
        <source>Your program ({{CMD}} in {0}); run from the contest&apos;s folder, {1}</source>
        <translation>あなたのプログラム（{0} の {{CMD}}）。コンテストのフォルダから実行、{1}</translation>
    </message>
    <message>
        <source>Inputs for the run</source>
        <translation>実行する入力</translation>
    </message>
    <message>
        <source>{0} files</source>
        <translation>{0} ファイル</translation>
    </message>
    <message>
        <source>Options: {0}</source>
        <translation>オプション: {0}</translation>
    </message>
    <message>
        <source>Options of the run&apos;s cases</source>
        <translation>実行するケースのオプション</translation>
    </message>
    <message>
        <source>open a board first: the run is for its puzzle</source>
        <translation>先に盤面を開いてください: 実行はそのパズルが対象です</translation>
    </message>
    <message>
        <source>type the command that runs your program</source>
        <translation>プログラムを実行するコマンドを入力してください</translation>
    </message>
</context>
<context>
    <name>RunPlots</name>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Best score</source>
        <translation>最良スコア</translation>
    </message>
    <message>
        <source>Frontier size</source>
        <translation>フロンティアの大きさ</translation>
    </message>
    <message>
        <source>Best score, and the game now (grey)</source>
        <translation>最良スコアと現在のゲーム（灰色）</translation>
    </message>
</context>
<context>
    <name>RunStatus</name>
    <message>
        <source>No run yet</source>
        <translation>まだ実行がありません</translation>
    </message>
    <message>
        <source>Running {0} cases: {1}, {2} at a time, into {3}</source>
        <translation>{0} ケースを実行中: {1}、同時に {2}、出力先 {3}</translation>
    </message>
    <message>
        <source> of {0}</source>
        <translation> / {0}</translation>
    </message>
    <message>
        <source>A run of {0}, not of the board&apos;s {1}: a row opens its {0} case. </source>
        <translation>盤面の {1} ではなく {0} の実行です: 行をクリックすると {0} のケースを開きます。 </translation>
    </message>
    <message>
        <source>, mean CPU {0:.2f} s</source>
        <translation>、平均 CPU {0:.2f} 秒</translation>
    </message>
    <message>
        <source>{0}{1}{2} cases ({3}): {4} OK, {5}; mean score {6} over the OK cases, mean relative {7:.4f}; mean time {8:.2f} s{9}{10}</source>
        <translation>{0}{1}{2} ケース（{3}）: OK {4}、{5}。OK ケースの平均スコア {6}、平均相対スコア {7:.4f}。平均時間 {8:.2f} 秒{9}{10}</translation>
    </message>
</context>
<context>
    <name>RunsPanel</name>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Open run…</source>
        <translation>実行結果を開く…</translation>
    </message>
    <message>
        <source>Past runs…</source>
        <translation>過去の実行…</translation>
    </message>
    <message>
        <source>Every run of this puzzle in the run database, and standings across them</source>
        <translation>実行データベースにあるこのパズルのすべての実行と、その順位表</translation>
    </message>
    <message>
        <source>Compare with…</source>
        <translation>比較…</translation>
    </message>
    <message>
        <source>Compare the run shown with another run, case by case</source>
        <translation>表示中の実行を別の実行とケースごとに比較します</translation>
    </message>
    <message>
        <source>Run live…</source>
        <translation>ライブ実行…</translation>
    </message>
    <message>
        <source>Run your program on the selected case, watching its [SCORE] lines and snapshots live</source>
        <translation>選んだケースでプログラムを実行し、[SCORE] 行とスナップショットをリアルタイムに見ます</translation>
    </message>
    <message>
        <source>Anytime profile…</source>
        <translation>時間あたりのスコア推移…</translation>
    </message>
    <message>
        <source>The run&apos;s mean relative score against time over its cases: would more time, or more speed, pay?</source>
        <translation>ケース全体の平均相対スコアの時間推移: 時間を増やす、あるいは速くすることに意味はあるか？</translation>
    </message>
    <message>
        <source>Filter: {0}</source>
        <translation>フィルター: {0}</translation>
    </message>
    <message>
        <source>Cannot start the run: {0}</source>
        <translation>実行を開始できません: {0}</translation>
    </message>
    <message>
        <source>Making the cases…</source>
        <translation>ケースを作成中…</translation>
    </message>
    <message>
        <source>Stopping: running cases are killed, finished ones are kept…</source>
        <translation>停止中: 実行中のケースは終了し、完了したケースは残します…</translation>
    </message>
    <message>
        <source>Run {0}: results in {1}</source>
        <translation>実行 {0}: 結果は {1}</translation>
    </message>
    <message>
        <source>Stop the current run before opening another</source>
        <translation>別の実行を開く前に、現在の実行を停止してください</translation>
    </message>
    <message>
        <source>{0} is a run of the puzzle {1}: open it from the main window&apos;s Runs panel</source>
        <translation>{0} はパズル {1} の実行です: メインウィンドウのバッチ実行パネルから開いてください</translation>
    </message>
    <message>
        <source>Opened run {0}: {1} cases</source>
        <translation>実行 {0} を開きました: {1} ケース</translation>
    </message>
    <message>
        <source>Cannot show {0}: {1}</source>
        <translation>{0} を表示できません: {1}</translation>
    </message>
    <message>
        <source>{0} is a run of the contest {1}, not {2}</source>
        <translation>{0} は {2} ではなく、コンテスト {1} の実行です</translation>
    </message>
    <message>
        <source>Open a run folder</source>
        <translation>実行フォルダを開く</translation>
    </message>
    <message>
        <source>Compare with which run?</source>
        <translation>どの実行と比較しますか？</translation>
    </message>
    <message>
        <source>Select a case of a run first: it runs live with your program</source>
        <translation>先に実行のケースを選択してください: あなたのプログラムでライブ実行します</translation>
    </message>
    <message>
        <source>Open or make a run first: its anytime profile is plotted</source>
        <translation>先に実行を開くか作成してください: その時間あたりのスコア推移をプロットします</translation>
    </message>
</context>
<context>
    <name>RunsPlots</name>
    <message>
        <source>score</source>
        <translation>スコア</translation>
    </message>
    <message>
        <source>all cases</source>
        <translation>すべてのケース</translation>
    </message>
    <message>
        <source>mean score of the OK cases</source>
        <translation>OK ケースの平均スコア</translation>
    </message>
    <message>
        <source>{0}: {1}</source>
        <translation>{0}: {1}</translation>
    </message>
    <message>
        <source>, bars from {0:,.6g}</source>
        <translation>、棒は {0:,.6g} から</translation>
    </message>
    <message>
        <source> ({0:,} of {1:,} cases drawn)</source>
        <translation> （{1:,} ケース中 {0:,} ケースを描画）</translation>
    </message>
    <message>
        <source>case (seed)</source>
        <translation>ケース（シード）</translation>
    </message>
</context>
<context>
    <name>RunsView</name>
    <message>
        <source>Only the cases where NAME OP VALUE holds (OP: = != &lt; &lt;= &gt; &gt;=), or &apos;flagged&apos;: the cases flagged; Enter applies it</source>
        <translation>NAME OP VALUE が成り立つケースのみ（OP: = != &lt; &lt;= &gt; &gt;=）、または &apos;flagged&apos;: 要確認のケース。Enter で適用します</translation>
    </message>
    <message>
        <source>The column the bar plot groups cases by</source>
        <translation>棒グラフでケースをまとめる列</translation>
    </message>
    <message>
        <source>The column the scatter plot puts across, against the score</source>
        <translation>散布図の横軸にしてスコアと比べる列</translation>
    </message>
    <message>
        <source>filter, e.g. N&gt;=8</source>
        <translation>絞り込み（例: N&gt;=8）</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>フィルター</translation>
    </message>
    <message>
        <source>Group by</source>
        <translation>グループ化</translation>
    </message>
    <message>
        <source>Plot score against</source>
        <translation>スコアのプロット対象</translation>
    </message>
</context>
<context>
    <name>ScorePlot</name>
    <message>
        <source>step</source>
        <translation>手数</translation>
    </message>
    <message>
        <source>Score after every move of the line; click to go to that step</source>
        <translation>手順の各手の後のスコア。クリックでその手へ移動します</translation>
    </message>
    <message>
        <source>{0} after every move of the line; click to go to that step</source>
        <translation>手順の各手の後の {0}。クリックするとそのステップへ移動します</translation>
    </message>
</context>
<context>
    <name>SideBySideView</name>
    <message>
        <source>Case {0}: A {1} and B {2}</source>
        <translation>ケース {0}: A {1}、B {2}</translation>
    </message>
    <message>
        <source>move</source>
        <translation>手</translation>
    </message>
    <message>
        <source>score</source>
        <translation>スコア</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>手</translation>
    </message>
</context>
<context>
    <name>SolverAnswers</name>
    <message>
        <source>The board changed since the solver started; its answer no longer applies</source>
        <translation>ソルバーの開始後に盤面が変更されたため、その解答は適用できません</translation>
    </message>
    <message>
        <source>The solver&apos;s answer is illegal: {0}</source>
        <translation>ソルバーの解答が不正です: {0}</translation>
    </message>
    <message>
        <source>Cannot finish the game: {0}</source>
        <translation>ゲームを最後まで進められません: {0}</translation>
    </message>
    <message>
        <source>Finished the game with {0}: {1} more moves, {2}</source>
        <translation>{0} でゲームを最後まで進めました: さらに {1} 手、{2}</translation>
    </message>
    <message>
        <source>Cannot preview that state: {0}</source>
        <translation>その状態をプレビューできません: {0}</translation>
    </message>
</context>
<context>
    <name>SolverPanel</name>
    <message>
        <source>the {0} solver kernels are being prepared</source>
        <translation>{0} ソルバーのカーネルを準備しています</translation>
    </message>
</context>
<context>
    <name>SolverRun</name>
    <message>
        <source>Idle</source>
        <translation>待機中</translation>
    </message>
    <message>
        <source>the solver</source>
        <translation>ソルバー</translation>
    </message>
    <message>
        <source>Idle. The last run ({0}) was on another board; its results are cleared.</source>
        <translation>待機中。前回の実行（{0}）は別の盤面のものだったため、結果を消去しました。</translation>
    </message>
    <message>
        <source>Set a time or a node budget before starting a solver</source>
        <translation>ソルバーを開始する前に、時間またはノード数の上限を設定してください</translation>
    </message>
    <message>
        <source>Cannot start {0}: {1}</source>
        <translation>{0} を開始できません: {1}</translation>
    </message>
    <message>
        <source>{0}: starting…</source>
        <translation>{0}: 開始中…</translation>
    </message>
    <message>
        <source> (paused)</source>
        <translation>（一時停止中）</translation>
    </message>
    <message>
        <source>Start cancelled before the kernels were ready</source>
        <translation>カーネルの準備ができる前に開始をキャンセルしました</translation>
    </message>
    <message>
        <source>{0} waits: {1}. It starts by itself when they are ready (Cancel to give up).</source>
        <translation>{0} は待機中: {1}。準備ができると自動で始まります（やめるならキャンセル）。</translation>
    </message>
    <message>
        <source>Solver failed: {0}</source>
        <translation>ソルバーが失敗しました: {0}</translation>
    </message>
    <message>
        <source>Cannot score the solver&apos;s answer: {0}</source>
        <translation>ソルバーの解答のスコアを計算できません: {0}</translation>
    </message>
    <message>
        <source>{0}: {1} after {2:.1f} s, {3} nodes; {4}</source>
        <translation>{0}: {2:.1f} 秒、{3} ノードで {1}。{4}</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>まだありません</translation>
    </message>
    <message>
        <source>{0}: {1:.1f} s, {2} nodes, {3}, frontier {4}</source>
        <translation>{0}: {1:.1f} 秒、{2} ノード、{3}、フロンティア {4}</translation>
    </message>
    <message>
        <source>no move played yet</source>
        <translation>まだ手が指されていません</translation>
    </message>
    <message>
        <source>the game so far {0} after {1} moves</source>
        <translation>これまでのゲーム: {1} 手で {0}</translation>
    </message>
    <message>
        <source>best {0}</source>
        <translation>最良 {0}</translation>
    </message>
    <message>
        <source>no move played</source>
        <translation>手は指されていません</translation>
    </message>
    <message>
        <source>the game stops after {0} moves with {1} so far, not an answer until every turn is played</source>
        <translation>ゲームは {0} 手で止まります（ここまで {1}）。すべてのターンをプレイするまで解答にはなりません</translation>
    </message>
    <message>
        <source>best {0} ({1} moves)</source>
        <translation>最良 {0}（{1} 手）</translation>
    </message>
    <message>
        <source>no answer: {0}</source>
        <translation>解答なし: {0}</translation>
    </message>
    <message>
        <source>none was found within the budget</source>
        <translation>上限内には見つかりませんでした</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>Start — Puzzle Workbench</source>
        <translation>スタート — Puzzle Workbench</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Puzzle Workbench&lt;/h2&gt;&lt;p&gt;Play heuristic-contest puzzles by hand, run real solvers on them and watch the search live, export answers the judge accepts, and run your own contest program over hundreds of cases. Pick a puzzle to start, or bring your contest.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Puzzle Workbench&lt;/h2&gt;&lt;p&gt;ヒューリスティックコンテストのパズルを手で解いたり、実際のソルバーを実行して探索をリアルタイムに観察したり、ジャッジが受理する解答を書き出したり、自分のコンテスト用プログラムを数百ケースで実行したりできます。パズルを選んで始めるか、あなたのコンテストを持ち込んでください。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Your own contest:&lt;/b&gt; an AtCoder tools folder, a Topcoder tester, a pahcer or psytester config</source>
        <translation>&lt;b&gt;あなたのコンテスト:&lt;/b&gt; AtCoder の tools フォルダ、Topcoder のテスター、pahcer または psytester の設定</translation>
    </message>
    <message>
        <source>New contest…</source>
        <translation>新しいコンテスト…</translation>
    </message>
    <message>
        <source>Open contest…</source>
        <translation>コンテストを開く…</translation>
    </message>
</context>
<context>
    <name>StepPanel</name>
    <message>
        <source> moves/s</source>
        <translation> 手/秒</translation>
    </message>
    <message>
        <source>Show stages</source>
        <translation>段階を表示</translation>
    </message>
    <message>
        <source>Step through a move&apos;s resolution stage by stage (chains)</source>
        <translation>1 手の処理を段階ごとにたどります（連鎖）</translation>
    </message>
    <message>
        <source>Step 0 / 0</source>
        <translation>手 0 / 0</translation>
    </message>
    <message>
        <source>Export replay…</source>
        <translation>リプレイを書き出す…</translation>
    </message>
    <message>
        <source>Save the line as an animated GIF or an MP4, frames at this speed, stages included when Show stages is on</source>
        <translation>手順をアニメーション GIF または MP4 で保存します。この速さのフレームで、「段階を表示」がオンなら段階も含めます</translation>
    </message>
    <message>
        <source>Step {0} / {1}: {2}</source>
        <translation>ステップ {0} / {1}: {2}</translation>
    </message>
</context>
</TS>
