package queue

import (
	"strings"

	"github.com/nats-io/nats-server/v2/server"
)

// localIdentity is the hub's own in-process worker. Remote identities are NKeys (U…) or token
// users (w-…), so none can be called this.
const localIdentity = "local"

func inboxPrefix(identity string) string { return "_INBOX." + identity }

// hubInboxPrefix keeps the hub's replies (JetStream API answers among them) out of every
// worker's inbox space.
const hubInboxPrefix = "_HUB_INBOX"

// workerPermissions is everything a worker identity may do, and nothing more: pull jobs of
// the lanes through their durable consumers, hear the bell and cancellations, beat and answer
// under its own name, and read its own inbox. No acknowledgement of any kind (an ack subject
// names only a sequence, so a worker could NAK or ack a job another worker holds): the worker
// claims, extends and hands back its delivery through the hub, which acknowledges for it. No
// other JetStream API (no stream or consumer create, delete or purge, no object store), no
// heartbeat or answer in another worker's name, no other client's replies.
func workerPermissions(identity string) *server.Permissions {
	var pub []string
	for l := range numLanes {
		pub = append(pub,
			"$JS.API.CONSUMER.MSG.NEXT."+jobStream+"."+l.String(),
			"$JS.API.CONSUMER.INFO."+jobStream+"."+l.String(),
		)
	}
	pub = append(pub, heartbeatSubject(identity), resultSubjectPrefix(identity)+">")
	return &server.Permissions{
		Publish:   &server.SubjectPermission{Allow: pub},
		Subscribe: &server.SubjectPermission{Allow: []string{inboxPrefix(identity) + ".>", cancelSubject, bellSubject}},
	}
}

func heartbeatSubject(identity string) string    { return heartbeatPrefix + identity }
func resultSubjectPrefix(identity string) string { return resultPrefix + identity + "." }

// identityOf reads the identity from a subject under prefix ("sheetsmith.hb.<identity>").
func identityOf(subject, prefix string) string {
	rest, ok := strings.CutPrefix(subject, prefix)
	if !ok {
		return ""
	}
	id, _, _ := strings.Cut(rest, ".")
	return id
}
