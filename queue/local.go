package queue

import (
	"context"

	"sheetsmith/latex"
)

// Local runs jobs on an in-process compiler.
type Local struct{ C *latex.Compiler }

func (l Local) Compile(ctx context.Context, job Job) (*latex.Result, error) {
	return l.C.Compile(ctx, job.Source)
}

func (l Local) PDF(_ context.Context, key string) ([]byte, bool) { return l.C.PDF(key) }

func (l Local) Cached(src string) (*latex.Result, bool) {
	key := latex.Key(src)
	pdf, ok := l.C.PDF(key)
	if !ok {
		return nil, false
	}
	return &latex.Result{PDF: pdf, Key: key, Cached: true}, true
}

func (l Local) Close() error { return l.C.Close() }
