package latex

import (
	"container/list"
	"sync"
)

// pdfCache keeps compiled PDFs by key, dropping the least recently used past a byte budget.
type pdfCache struct {
	mu    sync.Mutex
	max   int64
	size  int64
	order *list.List // front = most recent
	items map[string]*list.Element
}

type cacheEntry struct {
	key    string
	pdf    []byte
	passes int
}

func newCache(max int64) *pdfCache {
	return &pdfCache{max: max, order: list.New(), items: map[string]*list.Element{}}
}

func (c *pdfCache) get(key string) (*cacheEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*cacheEntry), true
}

func (c *pdfCache) put(key string, pdf []byte, passes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if int64(len(pdf)) > c.max {
		return
	}
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		return
	}
	c.items[key] = c.order.PushFront(&cacheEntry{key: key, pdf: pdf, passes: passes})
	c.size += int64(len(pdf))
	for c.size > c.max {
		el := c.order.Back()
		e := el.Value.(*cacheEntry)
		c.order.Remove(el)
		delete(c.items, e.key)
		c.size -= int64(len(e.pdf))
	}
}

func (c *pdfCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.order.Init()
	c.items = map[string]*list.Element{}
	c.size = 0
}
