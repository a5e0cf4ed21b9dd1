package smtptest

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"strings"
)

// parse fills in r's Header, Subject, Text and HTML from r.Data.
func parse(r *Received) error {
	msg, err := mail.ReadMessage(bytes.NewReader(r.Data))
	if err != nil {
		return fmt.Errorf("reading the header: %w", err)
	}
	r.Header = msg.Header
	r.Subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		return fmt.Errorf("decoding the subject: %w", err)
	}
	return r.part(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body, 0)
}

// part reads one MIME part, recursing into multipart ones, and keeps the
// first text/plain and text/html part it meets.
func (r *Received) part(contentType, encoding string, body io.Reader, depth int) error {
	if depth > 10 {
		return errors.New("multipart nested more than 10 deep")
	}
	if contentType == "" {
		contentType = "text/plain; charset=us-ascii" // RFC 2045, 5.2
	}
	media, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return fmt.Errorf("content type %q: %w", contentType, err)
	}
	if strings.HasPrefix(media, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			// NextRawPart, not NextPart, which would undo quoted-printable
			// itself and drop the header saying so.
			p, err := mr.NextRawPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return fmt.Errorf("%s: %w", media, err)
			}
			if err := r.part(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p, depth+1); err != nil {
				return err
			}
		}
	}
	if media != "text/plain" && media != "text/html" {
		return nil
	}
	if cs := strings.ToLower(params["charset"]); cs != "" && cs != "utf-8" && cs != "us-ascii" {
		return fmt.Errorf("%s in charset %q: only UTF-8 and US-ASCII are read", media, cs)
	}
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body) // skips line breaks itself
	case "", "7bit", "8bit", "binary":
	default:
		return fmt.Errorf("%s in transfer encoding %q", media, encoding)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return fmt.Errorf("%s: %w", media, err)
	}
	switch {
	case media == "text/plain" && r.Text == "":
		r.Text = trimCR(b)
	case media == "text/html" && r.HTML == "":
		r.HTML = trimCR(b)
	}
	return nil
}
