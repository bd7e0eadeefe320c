package queue

import (
	"fmt"
	"log/slog"
	"strings"
)

// natsLog passes the embedded NATS server's warnings and errors to the server log: failed
// logins ("authentication error - User …") and permission violations name the user, which
// for a token is TokenUser's hash, never the token. Notices, debug and trace stay out.
type natsLog struct{ l *slog.Logger }

func (n natsLog) Noticef(string, ...any) {}
func (n natsLog) Debugf(string, ...any)  {}
func (n natsLog) Tracef(string, ...any)  {}
func (n natsLog) Warnf(format string, v ...any) {
	msg := fmt.Sprintf(format, v...)
	if strings.HasPrefix(msg, "Plaintext passwords detected") {
		return // the worker tokens, random and held by this process anyway (and bcrypt cuts them at 72 bytes)
	}
	n.l.Warn("nats: " + msg)
}
func (n natsLog) Errorf(format string, v ...any) {
	n.l.Warn("nats: " + fmt.Sprintf(format, v...))
}
func (n natsLog) Fatalf(format string, v ...any) {
	n.l.Error("nats: " + fmt.Sprintf(format, v...))
}
