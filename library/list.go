package library

import (
	"encoding/base64"
	"errors"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Page sizes of the dashboard list.
const (
	DefaultPerPage = 50
	MaxPerPage     = 200
)

// ErrBadCursor is a list cursor this server did not hand out.
var ErrBadCursor = errors.New("The list position (cursor) is not valid. Load the list from the start.")

// Summary is one worksheet as the dashboard lists it: never its source.
type Summary struct {
	ID           string         `db:"id"`
	Title        string         `db:"document_title"`
	Created      types.DateTime `db:"created_at"`
	HasAnswerKey bool           `db:"has_answer_key"`
	Picture      string         `db:"picture"`
}

// Page is one page of a user's worksheets, newest first. Next is the cursor of the page after
// it, "" on the last page; Total counts all of the user's worksheets.
type Page struct {
	Worksheets []Summary
	Next       string
	Total      int
}

// summaryColumns are the only columns the list reads: a page costs its titles, not its sources.
var summaryColumns = []string{"id", "document_title", "created_at", "has_answer_key", "picture"}

// List reads one page of owner's worksheets, newest first, after cursor ("" for the first).
// A cursor names the last worksheet shown, so a delete or a save between pages neither skips
// nor repeats one.
func List(app core.App, owner, cursor string, perPage int) (Page, error) {
	if perPage <= 0 {
		perPage = DefaultPerPage
	}
	perPage = min(perPage, MaxPerPage)
	q := app.DB().Select(summaryColumns...).From("worksheets").
		Where(dbx.HashExp{"owner": owner}).
		OrderBy("created_at DESC", "id DESC").
		Limit(int64(perPage) + 1)
	if cursor != "" {
		created, id, err := readCursor(cursor)
		if err != nil {
			return Page{}, err
		}
		q.AndWhere(dbx.NewExp("(created_at < {:c} OR (created_at = {:c} AND id < {:i}))", dbx.Params{"c": created, "i": id}))
	}
	var rows []Summary
	if err := q.All(&rows); err != nil {
		return Page{}, err
	}
	p := Page{Worksheets: rows}
	if len(rows) > perPage {
		p.Worksheets = rows[:perPage]
		last := p.Worksheets[perPage-1]
		p.Next = makeCursor(last.Created.String(), last.ID)
	}
	if p.Worksheets == nil {
		p.Worksheets = []Summary{}
	}
	err := app.DB().Select("count(*)").From("worksheets").Where(dbx.HashExp{"owner": owner}).Row(&p.Total)
	return p, err
}

func makeCursor(created, id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(created + "|" + id))
}

func readCursor(c string) (created, id string, err error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return "", "", ErrBadCursor
	}
	created, id, found := strings.Cut(string(b), "|")
	if !found || id == "" {
		return "", "", ErrBadCursor
	}
	if _, err := types.ParseDateTime(created); err != nil || created == "" {
		return "", "", ErrBadCursor
	}
	return created, id, nil
}
