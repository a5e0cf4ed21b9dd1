package server

import (
	"maps"
	"net/http"
	"slices"

	"github.com/commons-games/commons/game"
	"github.com/commons-games/commons/record"
	"github.com/commons-games/commons/store"
	"github.com/commons-games/commons/variant"
)

// The settings of a match played as one of the operator's variants
// (Config.Variants): its name, the hash of the data table it was made
// with, and its title then. They are the server's bookkeeping, shown in the match's
// "variant", not among its "settings".
const (
	settingVariant      = "variant"
	settingVariantData  = "variant_data"
	settingVariantTitle = "variant_title"
)

// variantView is a variant as GET /api/games lists it, and as a match
// names it.
type variantView struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
	// Options are the options the variant sets, but for its data files,
	// which are the server's and are named by Data instead.
	Options game.Options `json:"options,omitempty"`
	// Tables names the options whose data the variant's files set.
	Tables []string `json:"tables,omitempty"`
	// Data is the SHA-256 of the variant's data table.
	Data string `json:"data,omitempty"`
}

func viewVariant(v *variant.Variant) variantView {
	vv := variantView{Name: v.Name, Title: v.Title, Description: v.Description, Options: v.Public(), Data: v.Data}
	vv.Tables = slices.Sorted(maps.Keys(v.Tables))
	if len(vv.Options) == 0 {
		vv.Options = nil
	}
	return vv
}

// gameView is a game as GET /api/games lists it: its Info, and the
// variants this server offers of it.
type gameView struct {
	game.Info
	Variants []variantView `json:"variants,omitempty"`
}

// matchVariant is what a match's view says of its variant.
type matchVariant struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	Data  string `json:"data,omitempty"`
}

// variantOfMatch returns the variant match h is played as, nil for none.
func (s *Server) variantOfMatch(h *store.Match) (*variant.Variant, error) {
	name := h.Settings[settingVariant]
	if name == "" {
		return nil, nil
	}
	v, err := s.cfg.Variants.Find(h.Game, name)
	if err != nil {
		// The operator's to mend (serve --variants with the folder the
		// match was made with); the match waits.
		return nil, errorf(http.StatusServiceUnavailable, "match %s is played as variant %s, which this server does not have (serve --variants DIR): %v", h.ID, name, err)
	}
	if want := h.Settings[settingVariantData]; want != v.Data {
		return nil, errorf(http.StatusServiceUnavailable, "match %s was made with variant %s's data table of sha256 %s, and this server's variant %s has a table of sha256 %s: the table changed since", h.ID, name, want, name, v.Data)
	}
	return v, nil
}

// gameOptions returns the options to make match h's game with: its
// options, and its variant's data tables.
func (s *Server) gameOptions(h *store.Match) (game.Options, error) {
	v, err := s.variantOfMatch(h)
	if err != nil || v == nil {
		return h.Options, err
	}
	opts := maps.Clone(h.Options)
	if opts == nil {
		opts = game.Options{}
	}
	maps.Copy(opts, v.Tables)
	return opts, nil
}

// recordVariant names match h's variant in its record r, and gives r
// the variant's data tables to replay with.
func (s *Server) recordVariant(h *store.Match, r *record.Record) {
	name := h.Settings[settingVariant]
	if name == "" {
		return
	}
	r.Variant = &record.Variant{Name: name, Data: h.Settings[settingVariantData]}
	if v, err := s.variantOfMatch(h); err == nil && v != nil {
		r.Tables = maps.Clone(v.Tables)
	}
}

// applyVariant reads a create request's variant: the options of the
// variant it names, with the client's for the options the variant
// leaves alone. A client's option may not change one the variant sets.
func (s *Server) applyVariant(req *createRequest, info game.Info) (*variant.Variant, error) {
	if req.Variant == "" {
		return nil, nil
	}
	v, err := s.cfg.Variants.Find(info.Name, req.Variant)
	if err != nil {
		return nil, errorf(http.StatusBadRequest, "variant: %v", err)
	}
	opts := game.Options{}
	for k, val := range req.Options {
		if set, ok := v.Options[k]; ok && set != val {
			return nil, errorf(http.StatusBadRequest, "variant %s sets option %s: leave it out", v.Name, clip(k))
		}
		opts[k] = val
	}
	maps.Copy(opts, v.GameOptions())
	req.Options = opts
	return v, nil
}
