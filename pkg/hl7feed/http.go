package hl7feed

import (
	"errors"
	"io"
	"net/http"
	"strings"

	"samrap/pkg/errs"
	"samrap/pkg/httpx"
	"samrap/pkg/platform"
	"samrap/pkg/session"
)

// Mount adds the feed's routes (functions/catalog.json, function "hl7-feed"): the feed
// itself, public to the router (no session: the branch's feed key authenticates the
// sender), and the administrators' view of a branch's messages: the Super Admin's of any
// branch (named by code, as on the Branches screen), a Branch Admin's of its own.
func Mount(env *platform.Env, rt *httpx.Router) {
	h := handlers{r: NewReceiver(env.DB, env.FIFOQueue(Queue), env.Now)}
	rt.Handle("POST /api/hl7/{branch}", httpx.Public().Limit(MaxBody), h.receive)
	// the Super Admin's of any branch, the Branch Admin's of its own (patientsync.FeedBranch)
	admins := httpx.Roles(session.SuperAdmin, session.BranchAdmin)
	rt.Handle("GET /api/data-patient/hl7Messages", admins, h.messages)
	rt.Handle("POST /api/data-patient/hl7Replay", admins, h.replay)
	// the Controller's: what the feed changed day by day (the patients screen's "Last syncs")
	bct := httpx.Roles(session.Controller)
	rt.Handle("GET /api/data-patient/hl7Days", bct, h.days)
	rt.Handle("GET /api/data-patient/hl7Day", bct, h.day)
}

// MaxBody bounds a post: a batch file of a few thousand messages.
const MaxBody = 8 << 20

// ContentType is the ACKs' media type (HL7 v2 over HTTP, ER7).
const ContentType = "x-application/hl7-v2+er7; charset=utf-8"

type handlers struct{ r *Receiver }

// receive: POST /api/hl7/{branch} with the feed key (Authorization: Bearer <key>, or
// X-Feed-Key), the body ER7 (a message, several, a FHS/BHS batch; MLLP framing allowed).
// 200 with one ACK per message; 401 without the branch's key (the envelope, as every 401).
func (h handlers) receive(w http.ResponseWriter, r *http.Request) error {
	key, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		key = r.Header.Get("X-Feed-Key")
	}
	branch := r.PathValue("branch")
	k, err := h.r.Authenticate(r.Context(), branch, strings.TrimSpace(key))
	if err != nil {
		return err
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return errs.ErrTooLarge
		}
		return errs.ErrMalformed
	}
	acks, err := h.r.Receive(r.Context(), branch, k, body)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", ContentType)
	w.Header().Set("Cache-Control", "no-store")
	_, err = w.Write(acks)
	return err
}
