package arena

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/commons-games/commons/stats"
)

// ratingPrior is the number of virtual draws added to every pair of bots
// that met before fitting ratings, so that a bot that won everything
// still gets a finite rating (it pulls ratings towards each other by about
// as much as one drawn game would).
const ratingPrior = 1

// RatingMethod describes the ratings in a Result.
const RatingMethod = "Bradley-Terry strengths fitted by MM iterations to pairwise results " +
	"(each game compares every two bots' seats by return; one virtual draw added per pair), " +
	"on the Elo scale (400 log10), mean 0, with 95% intervals robust to the comparisons of one game being dependent " +
	"(a sandwich estimator over games); with 2 players this is the Elo rating"

// outcome classifies a return: a win (1), a loss (0) or a shared result.
func outcome(r float64) (win, draw, loss int) {
	switch {
	case r >= 1-1e-9:
		return 1, 0, 0
	case r <= 1e-9:
		return 0, 0, 1
	}
	return 0, 1, 0
}

// compare scores return x against y: 1 higher, 0.5 equal, 0 lower.
func compare(x, y float64) float64 {
	switch {
	case math.Abs(x-y) <= 1e-9:
		return 0.5
	case x > y:
		return 1
	}
	return 0
}

type teamKey struct {
	team string
	bot  int
}

// teamAcc adds up one bot's (or every bot's) seats in one team: the
// seats and their wins, and by game the mean return of those seats, whose
// mean over the games is the win rate. A team's seats in one game mostly
// share one result (Breaking Head's Contributors win or lose together),
// so the game, not the seat, is the unit of the interval.
type teamAcc struct {
	seats, wins, games int
	sum                float64 // of the games' mean returns
	// inGame and gameSum are this game's seats and their returns.
	inGame  int
	gameSum float64
}

// summarise adds up the games.
func (r *run) summarise(games []GameResult) *Result {
	nb := len(r.bots)
	res := &Result{
		Game: r.cfg.Game, Players: r.gcfg.Players, Options: r.gcfg.Options, Games: len(games), Seed: r.cfg.Seed,
		RatingMethod: RatingMethod,
	}
	res.Bots = make([]BotStats, nb)
	score := make([]float64, nb)
	think := make([]time.Duration, nb)
	wins := make([][]float64, nb)
	count := make([][]float64, nb)
	for i := range nb {
		wins[i] = make([]float64, nb)
		count[i] = make([]float64, nb)
		res.Bots[i] = BotStats{Label: r.bots[i].label, Spec: r.bots[i].spec.String(), Team: r.bots[i].team}
	}
	seatSum := make([]float64, r.gcfg.Players)
	teams := map[teamKey]*teamAcc{}
	comparisons := make([][]stats.Comparison, 0, len(games))
	for _, g := range games {
		var cs []stats.Comparison
		seats := make([][]int, nb)
		for p, b := range g.Seats {
			if b >= 0 {
				seats[b] = append(seats[b], p)
			}
			seatSum[p] += g.Returns[p]
		}
		for b, ps := range seats {
			if len(ps) == 0 {
				continue
			}
			st := &res.Bots[b]
			st.Games++
			st.Seats += len(ps)
			sum := 0.0
			for _, p := range ps {
				w, d, l := outcome(g.Returns[p])
				st.Wins += w
				st.Draws += d
				st.Losses += l
				sum += g.Returns[p]
				st.Moves += g.moves[p]
				think[b] += g.think[p]
			}
			score[b] += sum / float64(len(ps))
			for a := range b {
				if len(seats[a]) == 0 {
					continue
				}
				s := 0.0
				for _, i := range seats[a] {
					for _, j := range ps {
						s += compare(g.Returns[i], g.Returns[j])
					}
				}
				s /= float64(len(seats[a]) * len(ps))
				wins[a][b] += s
				wins[b][a] += 1 - s
				count[a][b]++
				count[b][a]++
				cs = append(cs, stats.Comparison{I: a, J: b, S: s})
			}
		}
		comparisons = append(comparisons, cs)
		for p, team := range g.Teams {
			for _, b := range []int{g.Seats[p], -1} {
				k := teamKey{team, b}
				acc := teams[k]
				if acc == nil {
					acc = &teamAcc{}
					teams[k] = acc
				}
				acc.seats++
				w, _, _ := outcome(g.Returns[p])
				acc.wins += w
				acc.inGame++
				acc.gameSum += g.Returns[p]
			}
		}
		for _, acc := range teams {
			if acc.inGame > 0 {
				acc.games++
				acc.sum += acc.gameSum / float64(acc.inGame)
				acc.inGame, acc.gameSum = 0, 0
			}
		}
	}
	ratings := stats.FitBradleyTerryGames(nb, comparisons, ratingPrior)
	for b := range res.Bots {
		st := &res.Bots[b]
		if st.Games > 0 {
			st.WinRate = score[b] / float64(st.Games)
		}
		st.Low, st.High = stats.Wilson(score[b], st.Games)
		st.Rating, st.RatingCI = ratings.Elo[b], ratings.CI[b]
		if math.IsNaN(st.RatingCI) {
			st.RatingCI = 0
		}
		if st.Moves > 0 {
			st.MoveTime = think[b] / time.Duration(st.Moves)
		}
	}
	for a := range nb {
		for b := a + 1; b < nb; b++ {
			if count[a][b] == 0 {
				continue
			}
			lo, hi := stats.Wilson(wins[a][b], int(count[a][b]))
			res.Pairs = append(res.Pairs, PairStats{A: a, B: b, Games: int(count[a][b]), ScoreA: wins[a][b] / count[a][b], Low: lo, High: hi})
		}
	}
	for p, sum := range seatSum {
		lo, hi := stats.Wilson(sum, len(games))
		res.Seats = append(res.Seats, SeatStats{Seat: p + 1, Games: len(games), WinRate: sum / float64(len(games)), Low: lo, High: hi})
	}
	for k, acc := range teams {
		ts := TeamStats{Team: k.team, Bot: k.bot, Label: "all", Games: acc.games, Seats: acc.seats, Wins: acc.wins, WinRate: acc.sum / float64(acc.games)}
		if k.bot >= 0 {
			ts.Label = r.bots[k.bot].label
		}
		ts.Low, ts.High = stats.Wilson(acc.sum, acc.games)
		res.Teams = append(res.Teams, ts)
	}
	sort.Slice(res.Teams, func(i, j int) bool {
		a, b := res.Teams[i], res.Teams[j]
		if a.Team != b.Team {
			return a.Team < b.Team
		}
		return uint(a.Bot) < uint(b.Bot) // the "all" row (-1) last
	})
	if r.cfg.KeepGames {
		res.GameResults = games
	}
	return res
}

// table lays rows out in columns separated by two spaces: the first
// column (and any column named in left) aligned left, the others right.
type table struct {
	rows [][]string
	left map[int]bool
}

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

func (t *table) write(b *strings.Builder) {
	var width []int
	for _, r := range t.rows {
		for i, c := range r {
			if i >= len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	for _, r := range t.rows {
		var line strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if i > 0 {
				line.WriteString("  ")
			}
			if i == 0 || t.left[i] {
				line.WriteString(c + pad)
			} else {
				line.WriteString(pad + c)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}

// WriteText writes the result as aligned tables: the bots, then the seats,
// the pairs (with more than two bots) and the teams (in team games).
func (res *Result) WriteText(w io.Writer) error {
	var b strings.Builder
	opts := ""
	if len(res.Options) > 0 {
		keys := make([]string, 0, len(res.Options))
		for k, v := range res.Options {
			if v != "" { // an option left empty by default says nothing
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for i, k := range keys {
			keys[i] = k + "=" + res.Options[k]
		}
		if len(keys) > 0 {
			opts = " (" + strings.Join(keys, ", ") + ")"
		}
	}
	fmt.Fprintf(&b, "%s%s: %d players, %d games, seed %d, %v\n\n", res.Game, opts, res.Players, res.Games, res.Seed, res.Elapsed.Round(time.Millisecond))
	t := &table{}
	t.add("bot", "games", "seats", "wins", "draws", "losses", "win rate", "95% CI", "Elo", "±", "time/move")
	for _, s := range res.Bots {
		t.add(s.Label, fmt.Sprint(s.Games), fmt.Sprint(s.Seats), fmt.Sprint(s.Wins), fmt.Sprint(s.Draws), fmt.Sprint(s.Losses),
			fmt.Sprintf("%.3f", s.WinRate), interval(s.Low, s.High), fmt.Sprintf("%+.0f", s.Rating), fmt.Sprintf("%.0f", s.RatingCI), duration(s.MoveTime))
	}
	t.write(&b)
	b.WriteString("\nwin rate: mean return per game, a shared result counting its share; 95% CI: Wilson.\n")
	b.WriteString("Elo: Bradley-Terry fit of pairwise results (MM), on the Elo scale, mean 0; ± a 95% interval.\n")

	b.WriteString("\n")
	t = &table{}
	t.add("seat", "win rate", "95% CI")
	for _, s := range res.Seats {
		t.add(fmt.Sprint(s.Seat), fmt.Sprintf("%.3f", s.WinRate), interval(s.Low, s.High))
	}
	t.write(&b)

	if len(res.Bots) > 2 && len(res.Pairs) > 0 {
		b.WriteString("\npairs: the row bot's score against the column bot\n")
		t = &table{}
		head := []string{""}
		for i := range res.Bots {
			head = append(head, fmt.Sprint(i+1))
		}
		t.add(head...)
		score := map[[2]int]float64{}
		for _, p := range res.Pairs {
			score[[2]int{p.A, p.B}] = p.ScoreA
			score[[2]int{p.B, p.A}] = 1 - p.ScoreA
		}
		for i, s := range res.Bots {
			row := []string{fmt.Sprintf("%d %s", i+1, s.Label)}
			for j := range res.Bots {
				if v, ok := score[[2]int{i, j}]; ok {
					row = append(row, fmt.Sprintf("%.3f", v))
				} else {
					row = append(row, "-")
				}
			}
			t.add(row...)
		}
		t.write(&b)
	}

	if len(res.Teams) > 0 {
		b.WriteString("\nteams: seats by their team at the end of the game\n")
		t = &table{left: map[int]bool{1: true}}
		t.add("team", "bot", "games", "seats", "wins", "win rate", "95% CI")
		for _, ts := range res.Teams {
			t.add(ts.Team, ts.Label, fmt.Sprint(ts.Games), fmt.Sprint(ts.Seats), fmt.Sprint(ts.Wins), fmt.Sprintf("%.3f", ts.WinRate), interval(ts.Low, ts.High))
		}
		t.write(&b)
		b.WriteString("win rate: by game, the mean return of the bot's seats in the team; 95% CI: Wilson over the games.\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func interval(lo, hi float64) string { return fmt.Sprintf("[%.3f, %.3f]", lo, hi) }

// duration writes a mean time per move to three significant digits.
func duration(d time.Duration) string {
	switch {
	case d <= 0:
		return "-"
	case d < time.Microsecond:
		return "<1µs"
	case d < time.Millisecond:
		return d.Round(time.Microsecond).String()
	case d < time.Second:
		return d.Round(10 * time.Microsecond).String()
	}
	return d.Round(10 * time.Millisecond).String()
}
