package hooks

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// PocketBase logs every request into auxiliary.db's _logs: its URL, referer, user agent and
// error, up to 10 kB a row, for days. A stranger's long URLs and headers, one row a request,
// filled the disk. So every row is cut before it is written, and the table keeps only its
// newest rows.
const (
	requestLogValueMax = 256  // bytes of each value of a request's row, its message included
	serverLogValueMax  = 2048 // bytes of each value of the server's own rows
	logKeysMax         = 32   // values a row keeps
)

// bindLogBounds cuts every log row and keeps at most maxRows of them (0: no row cap).
func bindLogBounds(app core.App, maxRows int) {
	// Prune every tenth of the cap, down to what leaves room for the next tenth, so the table
	// never holds more than maxRows rows. The first write prunes what an earlier run left.
	every := int64(max(maxRows/10, 1))
	keep := int64(maxRows) - every + 1
	var writes atomic.Int64
	writes.Store(every - 1)
	refusals := &refusalLog{}
	app.OnModelCreate(core.LogsTableName).BindFunc(func(e *core.ModelEvent) error {
		if l, ok := e.Model.(*core.Log); ok {
			if !refusals.keep(l, time.Now()) {
				return nil // not written
			}
			shrinkLog(l)
		}
		if err := e.Next(); err != nil {
			return err
		}
		if maxRows > 0 && writes.Add(1)%every == 0 {
			// In the log writer's transaction. A failure is not logged: that would be a log
			// write inside a log write; the next prune tries again.
			_, _ = e.App.AuxNonconcurrentDB().NewQuery(`DELETE FROM {{_logs}} WHERE rowid <=
				(SELECT rowid FROM {{_logs}} ORDER BY rowid DESC LIMIT 1 OFFSET {:keep})`).
				Bind(dbx.Params{"keep": keep}).Execute()
		}
		return nil
	})
}

// refusalLog lets through one row a minute per client address of requests the rate limiter
// refused (429): past its limit a flood costs no log writes, and the operator still sees it.
type refusalLog struct {
	mu     sync.Mutex
	minute int64
	seen   map[string]bool
}

// refusalAddresses bounds the addresses remembered in a minute; past it, refusals of new
// addresses are not logged that minute.
const refusalAddresses = 10_000

func (r *refusalLog) keep(l *core.Log, now time.Time) bool {
	if t, _ := l.Data["type"].(string); t != "request" || fmt.Sprint(l.Data["status"]) != "429" {
		return true
	}
	addr, _ := l.Data["userIP"].(string)
	r.mu.Lock()
	defer r.mu.Unlock()
	if m := now.Unix() / 60; m != r.minute || r.seen == nil {
		r.minute, r.seen = m, map[string]bool{}
	}
	if r.seen[addr] || len(r.seen) >= refusalAddresses {
		return false
	}
	r.seen[addr] = true
	return true
}

// shrinkLog cuts l's message and values to their bound: a request's row to a few hundred bytes
// a value, whatever the request sent.
func shrinkLog(l *core.Log) {
	limit := serverLogValueMax
	if t, _ := l.Data["type"].(string); t == "request" {
		limit = requestLogValueMax
	}
	l.Message = cutUTF8(l.Message, limit)
	keys := make([]string, 0, len(l.Data))
	for k := range l.Data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	data := make(types.JSONMap[any], min(len(keys), logKeysMax))
	for _, k := range keys[:min(len(keys), logKeysMax)] {
		data[cutUTF8(k, 64)] = shrinkValue(l.Data[k], limit)
	}
	l.Data = data
}

func shrinkValue(v any, limit int) any {
	if s, ok := v.(string); ok {
		return cutUTF8(s, limit)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "(unprintable)"
	}
	if len(b) <= limit {
		return v
	}
	return cutUTF8(string(b), limit)
}

// cutUTF8 is s cut to at most n bytes on a character boundary, marked with "…" if cut.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	// a character cut in two is dropped whole
	return strings.ToValidUTF8(s[:n-len("…")], "") + "…"
}
