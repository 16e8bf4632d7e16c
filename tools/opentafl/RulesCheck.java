// Replays games in OpenTafl's own rules engine and prints the position after
// every move, for tools/outside_engine.py's `crosscheck` to compare with ours.
// stdin: an OpenTafl rules record, then one game a line (moves, space-separated).
// stdout: for each move, OpenTafl's result code and position record; "end" after each game.
import com.manywords.softworks.tafl.engine.Game;
import com.manywords.softworks.tafl.notation.MoveSerializer;
import com.manywords.softworks.tafl.notation.PositionSerializer;
import com.manywords.softworks.tafl.notation.RulesSerializer;
import com.manywords.softworks.tafl.rules.Coord;
import com.manywords.softworks.tafl.rules.Rules;
import java.io.BufferedReader;
import java.io.InputStreamReader;

public class RulesCheck {
    public static void main(String[] args) throws Exception {
        Coord.initialize();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        Rules rules = RulesSerializer.loadRulesRecord(in.readLine());
        String line;
        while ((line = in.readLine()) != null) {
            Game game = new Game(rules, null);
            StringBuilder out = new StringBuilder();
            for (String move : line.trim().split(" ")) {
                if (move.isEmpty()) continue;
                int result = game.getCurrentState().makeMove(
                        MoveSerializer.loadMoveRecord(rules.boardSize, move));
                out.append(result).append(' ')
                   .append(PositionSerializer.getPositionRecord(game.getCurrentState().getBoard()))
                   .append('\n');
            }
            System.out.print(out.append("end\n"));
            System.out.flush();
        }
    }
}
