package mail_test

import (
	"context"
	"fmt"
	"log"
	"maps"
	"slices"
	"time"

	"github.com/commons-games/commons/mail"
)

func ExampleYourTurn() {
	m := mail.YourTurn(mail.YourTurnMail{
		To:             "ada@example.org",
		Name:           "Ada",
		Game:           "Source",
		MatchURL:       "https://commons.example/m/abc123",
		Opponents:      []string{"Bob"},
		WaitingSince:   time.Date(2026, 3, 2, 14, 3, 0, 0, time.UTC),
		Deadline:       time.Date(2026, 3, 3, 14, 3, 0, 0, time.UTC),
		UnsubscribeURL: "https://commons.example/unsubscribe/TOKEN",
	})
	fmt.Println("To:", m.To)
	fmt.Println("Subject:", m.Subject)
	for _, k := range slices.Sorted(maps.Keys(m.Headers)) {
		fmt.Printf("%s: %s\n", k, m.Headers[k])
	}
	fmt.Println()
	fmt.Print(m.Text)
	// Output:
	// To: ada@example.org
	// Subject: Your turn: Source against Bob
	// Auto-Submitted: auto-generated
	// List-Unsubscribe: <https://commons.example/unsubscribe/TOKEN>
	// List-Unsubscribe-Post: List-Unsubscribe=One-Click
	// X-Auto-Response-Suppress: All
	//
	// Hello Ada,
	//
	// It is your turn in Source against Bob.
	// It has been your turn since Mon 2 Mar 2026, 14:03 UTC.
	// You have until Tue 3 Mar 2026, 14:03 UTC to move.
	//
	// Go to the match:
	// https://commons.example/m/abc123
	//
	// Commons sends one mail a turn: this is the only one about this move.
	// To stop these mails (no need to sign in):
	// https://commons.example/unsubscribe/TOKEN
}

func ExampleConfirmAddress() {
	m := mail.ConfirmAddress(mail.ConfirmMail{
		To:         "ada@example.org",
		Name:       "Ada",
		ConfirmURL: "https://commons.example/confirm/TOKEN",
	})
	fmt.Println("Subject:", m.Subject)
	fmt.Println()
	fmt.Print(m.Text)
	// Output:
	// Subject: Confirm your address for Commons
	//
	// Hello Ada,
	//
	// Someone, we hope you, asked Commons to write to this address when it is
	// their turn in a match. Before Commons sends any, please confirm that the
	// address is yours:
	// https://commons.example/confirm/TOKEN
	//
	// If it was not you, there is nothing to do: without confirmation,
	// Commons sends nothing more.
}

func ExampleCheckAddress() {
	for _, s := range []string{
		"Ada.Lovelace@Example.ORG",
		"Ada <ada@example.org>",
		"ada@example.org\r\nBcc: eve@example.org",
		"ada@localhost",
	} {
		addr, err := mail.CheckAddress(s)
		fmt.Printf("%q %v\n", addr, err)
	}
	// Output:
	// "Ada.Lovelace@example.org" <nil>
	// "" "Ada <ada@example.org>" has a name besides the address: give the address alone
	// "" address with the control character U+000D
	// "" address at "localhost": not a domain with a dot
}

// A server configures NewSMTP from its flags once, at start, and keeps
// the Sender; it connects only to send.
func ExampleNewSMTP() {
	s, err := mail.NewSMTP(mail.SMTPConfig{
		Addr:     "smtp.example.org:587", // STARTTLS required, the default for 587
		From:     "turns@commons.example",
		Username: "commons",
		Password: "from a secret, not a flag",
	})
	if err != nil {
		log.Fatal(err) // a mistake in the flags: say so at start
	}
	m := mail.ConfirmAddress(mail.ConfirmMail{To: "ada@example.org", ConfirmURL: "https://commons.example/confirm/TOKEN"})
	if err := s.Send(context.Background(), m); err != nil {
		if mail.Temporary(err) {
			log.Print("will try again later: ", err)
		} else {
			log.Print("giving up: ", err)
		}
	}
}

// A test of code that sends mail gives it a Recorder and reads what it
// sent.
func ExampleRecorder() {
	var r mail.Recorder
	var s mail.Sender = &r // what the code under test is given

	m := mail.YourTurn(mail.YourTurnMail{To: "ada@example.org", Game: "3io", MatchURL: "https://commons.example/m/x", Opponents: []string{"Bob", "Carol"}})
	if err := s.Send(context.Background(), m); err != nil {
		log.Fatal(err)
	}
	for _, m := range r.Messages() {
		fmt.Println(m.To, "|", m.Subject)
	}
	// Output:
	// ada@example.org | Your turn: 3io against Bob and Carol
}
