/* The compiled goldfish core: fastpath.py's game, policy.py's decisions, in C.
 *
 * Specification: deckbuilder/engine/fastpath.py (FastGoldfish.play) and
 * deckbuilder/engine/policy.py (choose_dictate, with the Dictates that draw every turn
 * counted in census and drawn after Coming of Order, choose_alliances with _pack, plan_seizures
 * with _ally_seizures, _cheapest_group and _boosted_group, choose_ally_actions and
 * choose_flashes: the Magic of each card now, emag, raised by the "Acting Ally is magic +N"
 * Ally Actions and "Target Ally is magic +N" Flashes attached).
 * Each function below names its Python counterpart and follows it step by step, in
 * the same order, with the same tie-breaks; tests/test_engine_fastcore.py plays
 * thousands of seeded games of the demo decks and random legal decks on both cores
 * and compares results and per-round traces. The Python fast path memoises the
 * policy's decisions; this core makes every decision afresh (cheaper than a lookup
 * here), so it keeps no caches and its memory does not grow with the games played.
 *
 * Random numbers: CPython's random.Random (MT19937, init_by_array seeding from the
 * absolute value of an integer seed, random() = genrand_res53), so a game seeded
 * with s draws exactly what random.Random(s).random() draws.
 *
 * Limits checked by deckbuilder/engine/fastcore.py before a deck is handed over
 * (other decks play on the Python core): at most 63 unique names and 63 "Allies for
 * -N if" conditions (bitmasks in uint64), no negative Magic, Resistance or Prime,
 * largest Resistance + largest Magic + every policy 9 Ally Action's N <= 62 (subset sums
 * in one uint64), at most 1,000
 * cards and a Prime allowance of at most 200 (the work space of one call).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The deck's type codes, the policy's thresholds, the goldfish power families' constants,
 * Core's per-card power arrays and their slots: generated from the power registry
 * (python -m deckbuilder.engine.simulation.gen_header). */
#include "_powers.h"

#define OPENING_HAND 5         /* setup.py */
#define DRAWS_PER_ROUND 2      /* fastpath.py */
#define NO_RES (1 << 30)

/* ------------------------------------------------------------ MT19937 (random.Random) */
#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t mt[MT_N];
    int index;
} MT;

/* init_genrand(19650218), where every init_by_array starts: computed once. */
static uint32_t mt_base[MT_N];

static void mt_init_base(void)
{
    mt_base[0] = 19650218U;
    for (int i = 1; i < MT_N; i++)
        mt_base[i] = 1812433253U * (mt_base[i - 1] ^ (mt_base[i - 1] >> 30)) + (uint32_t)i;
}

/* random.Random(seed) for 0 <= seed < 2**64 (init_by_array with the seed's 32-bit
 * words, low first), for MT_LANES generators at once: the loops are serial within one
 * generator, so running several side by side lets the CPU (and its vector units) overlap
 * them. Each lane ends exactly as CPython's init_by_array leaves its generator. */
#define MT_LANES 8

#if defined(__GNUC__) && defined(__x86_64__) && defined(__linux__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
static void mt_seed_lanes(MT *r, const uint64_t *seed)
{
    uint32_t k0[MT_LANES], k1[MT_LANES], two[MT_LANES], prev[MT_LANES];
    for (int g = 0; g < MT_LANES; g++) {
        k0[g] = (uint32_t)seed[g];
        k1[g] = (uint32_t)(seed[g] >> 32);
        two[g] = k1[g] != 0; /* key length 2, else 1 */
        memcpy(r[g].mt, mt_base, sizeof(mt_base));
        prev[g] = mt_base[0];
    }
    int i = 1;
    for (int k = 0; k < MT_N; k++) { /* max(MT_N, key length) steps; key index j = k % len */
        uint32_t odd = (uint32_t)(k & 1);
        for (int g = 0; g < MT_LANES; g++) {
            uint32_t j = two[g] & odd;
            uint32_t key = j ? k1[g] : k0[g];
            uint32_t v = (r[g].mt[i] ^ ((prev[g] ^ (prev[g] >> 30)) * 1664525U)) + key + j;
            r[g].mt[i] = v;
            prev[g] = v;
        }
        if (++i >= MT_N) {
            for (int g = 0; g < MT_LANES; g++)
                r[g].mt[0] = r[g].mt[MT_N - 1];
            i = 1;
        }
    }
    for (int k = MT_N - 1; k; k--) {
        for (int g = 0; g < MT_LANES; g++) {
            uint32_t v = (r[g].mt[i] ^ ((prev[g] ^ (prev[g] >> 30)) * 1566083941U)) - (uint32_t)i;
            r[g].mt[i] = v;
            prev[g] = v;
        }
        if (++i >= MT_N) {
            for (int g = 0; g < MT_LANES; g++)
                r[g].mt[0] = r[g].mt[MT_N - 1];
            i = 1;
        }
    }
    for (int g = 0; g < MT_LANES; g++) {
        r[g].mt[0] = 0x80000000U;
        r[g].index = MT_N;
    }
}

/* One generator (play()): the same steps as one lane of mt_seed_lanes. */
static void mt_seed(MT *r, uint64_t seed)
{
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    int len = key[1] ? 2 : 1, i = 1, j = 0;
    memcpy(r->mt, mt_base, sizeof(mt_base));
    for (int k = MT_N; k; k--) {
        r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1664525U))
                   + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            r->mt[0] = r->mt[MT_N - 1];
            i = 1;
        }
        if (j >= len)
            j = 0;
    }
    for (int k = MT_N - 1; k; k--) {
        r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1566083941U))
                   - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            r->mt[0] = r->mt[MT_N - 1];
            i = 1;
        }
    }
    r->mt[0] = 0x80000000U;
    r->index = MT_N;
}

/* genrand_uint32 with the twist done one word at a time, just before the word is read:
 * the twist updates words in order and word i reads only words i + 1 (not yet updated),
 * i + 397 (updated only when i >= 227) and, for the last word, word 0 (updated), so
 * doing each step at its first read gives the same words as twisting all 624 at once. */
static inline uint32_t mt_next(MT *r)
{
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    if (r->index >= MT_N)
        r->index = 0;
    int i = r->index++;
    uint32_t *mt = r->mt;
    uint32_t y = (mt[i] & 0x80000000U) | (mt[i + 1 < MT_N ? i + 1 : 0] & 0x7fffffffU);
    y = mt[i + MT_M < MT_N ? i + MT_M : i + MT_M - MT_N] ^ (y >> 1) ^ mag01[y & 1U];
    mt[i] = y;
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static inline double mt_random(MT *r)
{
    uint32_t a = mt_next(r) >> 5, b = mt_next(r) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* rng.py splitmix64 */
static inline uint64_t splitmix64(uint64_t x)
{
    uint64_t z = x + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline int popcount(uint64_t x)
{ /* portable (no POPCNT instruction assumed); the values here are small */
    int k = 0;
    for (; x; x &= x - 1)
        k++;
    return k;
}

/* ------------------------------------------------------------ the deck */
typedef struct {
    PyObject_HEAD
    int n, nkinds, ncircle0, npool0;
    int allowance, to_win, standard, has_bonus, has_alone;
    int *ctype, *ukey, *dmask, *kind, *res, *magic, *prime, *maestro, *profile;
    int *can_alone, *max_infl, *af_start, *af_amount, *af_cond;
    int *bonus;              /* nkinds * nkinds: "+N versus" of character kind vs site kind */
    int *alone;              /* nkinds * nkinds: "May hold Y alone" */
    uint64_t *card_cond;     /* fastpath card_conditions */
    uint64_t *kind_cond;     /* fastpath kind_cond_bits */
    int *circle0, *pool0;
    int *playable;           /* per card: an influence maneuver the policy may play */
    int *mbase;              /* nkinds * nkinds: what maneuver kind m adds from character kind a */
    int *mper;               /* nkinds * nkinds: character kind a counts for "for each involved X" */
    int *mhasper;            /* per kind: a "for each involved X" maneuver */
    int *cut;                /* per kind: Resistance cut of a maneuver (policy 8) */
    int *mvs;                /* nkinds * nkinds: "+N versus Y Sites" of maneuver kind m vs site kind */
    /* Per card, each goldfish power family's code (_powers.h): draws, cards a Dictate the
     * policy may play draws; tdraws, cards a Dictate draws every turn (policy 4); artist,
     * may use the Artist power (policy 8); aamagic, N of an "Acting Ally is magic +N" Ally
     * Action; fmagic, N of a "Target Ally is magic +N" Flash (policy 9). */
    POWER_FIELD_DECLS
    int has_actions;         /* the deck holds such an Ally Action or Flash */
    uint64_t uniq_bits0;
    PyObject *result_cls, *trace_cls, *reasons;
    size_t scratch_len;      /* ints of work space a call needs (GAME_WORK + POLICY_WORK) */
} Core;

static void core_dealloc(Core *c)
{
    int **arrays[NSLOTS] = {&c->ctype, &c->ukey, &c->dmask, &c->kind, &c->res, &c->magic,
                            &c->prime, &c->maestro, &c->profile, &c->can_alone,
                            &c->max_infl, &c->af_start, &c->af_amount, &c->af_cond,
                            &c->bonus, &c->alone, &c->circle0, &c->pool0, &c->playable,
                            &c->mbase, &c->mper, &c->mhasper, &c->cut, &c->mvs,
                            POWER_SLOTS(c)};
    for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++)
        PyMem_Free(*arrays[i]);
    PyMem_Free(c->card_cond);
    PyMem_Free(c->kind_cond);
    Py_XDECREF(c->result_cls);
    Py_XDECREF(c->trace_cls);
    Py_XDECREF(c->reasons);
    Py_TYPE(c)->tp_free((PyObject *)c);
}

/* A Python sequence of ints as a new int array (length in *len); NULL on error. */
static int *int_array(PyObject *seq, int *len)
{
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of ints");
    if (!fast)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    int *out = PyMem_Malloc(sizeof(int) * (size_t)(n ? n : 1));
    if (!out) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            PyMem_Free(out);
            Py_DECREF(fast);
            return NULL;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    *len = (int)n;
    return out;
}

static uint64_t *u64_array(PyObject *seq, int *len)
{
    PyObject *fast = PySequence_Fast(seq, "expected a sequence of ints");
    if (!fast)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    uint64_t *out = PyMem_Malloc(sizeof(uint64_t) * (size_t)(n ? n : 1));
    if (!out) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred()) {
            PyMem_Free(out);
            Py_DECREF(fast);
            return NULL;
        }
    }
    Py_DECREF(fast);
    *len = (int)n;
    return out;
}

/* Work space in ints: the game's zones, then the policy's tables (choose_alliances and
 * plan_seizures with cheapest_group, never at once; Resistance + Magic <= 62). */
#define GAME_WORK(n) (20 * (size_t)(n) + 64)
#define POLICY_WORK(n, allowance) \
    ((size_t)((allowance) + 4) * ((n) + 4) + 160 * ((size_t)(n) + 4) + 1024)

/* Core(arrays, ints, classes): see fastcore.py _core_arguments for the order. */
static int core_init(Core *c, PyObject *args, PyObject *kwds)
{
    PyObject *arrays, *cond_arrays, *result_cls, *trace_cls, *reasons;
    unsigned long long uniq_bits0;
    int allowance, to_win, standard, has_bonus, has_alone;
    if (!PyArg_ParseTuple(args, "O!O!KiiiiiOOO!", &PyTuple_Type, &arrays, &PyTuple_Type,
                          &cond_arrays, &uniq_bits0, &allowance, &to_win, &standard,
                          &has_bonus, &has_alone, &result_cls, &trace_cls, &PyTuple_Type,
                          &reasons))
        return -1;
    /* fastcore_layout.BASE_ARRAYS, then the power families' codes (_powers.h) */
    int **slots[NSLOTS] = {&c->ctype, &c->ukey, &c->dmask, &c->kind, &c->res, &c->magic,
                           &c->prime, &c->maestro, &c->profile, &c->can_alone, &c->max_infl,
                           &c->af_start, &c->af_amount, &c->af_cond, &c->bonus, &c->alone,
                           &c->circle0, &c->pool0, &c->playable, &c->mbase, &c->mper,
                           &c->mhasper, &c->cut, &c->mvs, POWER_SLOTS(c)};
    const int nslots = (int)(sizeof(slots) / sizeof(slots[0]));
    if (PyTuple_GET_SIZE(arrays) != nslots || PyTuple_GET_SIZE(cond_arrays) != 2
        || PyTuple_GET_SIZE(reasons) != 4) {
        PyErr_SetString(PyExc_ValueError, "Core: wrong number of arrays");
        return -1;
    }
    int lens[NSLOTS];
    for (int i = 0; i < nslots; i++) {
        PyMem_Free(*slots[i]);
        *slots[i] = int_array(PyTuple_GET_ITEM(arrays, i), &lens[i]);
        if (!*slots[i])
            return -1;
    }
    int ncc, nkc;
    PyMem_Free(c->card_cond);
    PyMem_Free(c->kind_cond);
    c->card_cond = u64_array(PyTuple_GET_ITEM(cond_arrays, 0), &ncc);
    if (!c->card_cond)
        return -1;
    c->kind_cond = u64_array(PyTuple_GET_ITEM(cond_arrays, 1), &nkc);
    if (!c->kind_cond)
        return -1;
    c->n = lens[0];
    c->nkinds = nkc;
    c->ncircle0 = lens[16];
    c->npool0 = lens[17];
    int bad = ncc != c->n || lens[11] != c->n + 1 || lens[14] != nkc * nkc
              || lens[15] != nkc * nkc || lens[18] != c->n || lens[19] != nkc * nkc
              || lens[20] != nkc * nkc || lens[21] != nkc || lens[22] != nkc
              || lens[23] != nkc * nkc;
    for (int i = BASE_SLOTS; i < NSLOTS; i++)
        bad |= lens[i] != c->n; /* one code per card */
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "Core: inconsistent array lengths");
        return -1;
    }
    c->uniq_bits0 = uniq_bits0;
    c->allowance = allowance;
    c->to_win = to_win;
    c->standard = standard;
    c->has_bonus = has_bonus;
    c->has_alone = has_alone;
    c->has_actions = 0;
    for (int i = 0; i < c->n; i++)
        c->has_actions |= c->aamagic[i] > 0 || c->fmagic[i] > 0;
    Py_XSETREF(c->result_cls, Py_NewRef(result_cls));
    Py_XSETREF(c->trace_cls, Py_NewRef(trace_cls));
    Py_XSETREF(c->reasons, Py_NewRef(reasons));
    /* Work space: the game's zones (SCRATCH_GAME) and the policy's tables. */
    c->scratch_len = GAME_WORK(c->n) + POLICY_WORK(c->n, allowance);
    return 0;
}

/* ------------------------------------------------------------ small helpers */

/* victory.py matching_size: Dominions covered when each Site counts once. */
static int matching_size(const int *masks, int nm, int extra)
{
    uint32_t states = 1; /* bit u: the set u of Dominions can be used */
    for (int i = 0; i <= nm; i++) {
        int m = i < nm ? masks[i] : extra;
        if (i == nm && extra < 0)
            break;
        uint32_t grown = states;
        for (int used = 0; used < 32; used++) {
            if (!(states >> used & 1U))
                continue;
            int free = m & ~used;
            while (free) {
                int bit = free & -free;
                grown |= 1U << (used | bit);
                free ^= bit;
            }
        }
        states = grown;
    }
    int best = 0;
    for (int u = 0; u < 32; u++)
        if (states >> u & 1U && popcount((uint64_t)u) > best)
            best = popcount((uint64_t)u);
    return best;
}

/* victory.py dominion_count */
static int dominion_count(const Core *c, const int *masks, int nm, int extra)
{
    if (c->standard) {
        int u = 0;
        for (int i = 0; i < nm; i++)
            u |= masks[i];
        if (extra >= 0)
            u |= extra;
        return popcount((uint64_t)u);
    }
    return matching_size(masks, nm, extra);
}

/* policy.py _victory_gain */
static int victory_gain(const Core *c, const int *masks, int nm, int mask)
{
    if (c->standard) {
        int covered = 0;
        for (int i = 0; i < nm; i++)
            covered |= masks[i];
        return popcount((uint64_t)(mask & ~covered));
    }
    return matching_size(masks, nm, mask) - matching_size(masks, nm, -1);
}

/* deck.py EngineDeck.effective_prime */
static int effective_prime(const Core *c, int card, uint64_t met)
{
    int best = 0;
    for (int e = c->af_start[card]; e < c->af_start[card + 1]; e++)
        if ((met >> c->af_cond[e] & 1U) && c->af_amount[e] < best)
            best = c->af_amount[e];
    int p = c->prime[card] + best;
    return p > 0 ? p : 0;
}

/* policy.py ally_worth; sites: the Circle's Sites of a Dominion not yet controlled */
static int ally_worth(const Core *c, int card, const int *sites, int ns)
{
    const int K = c->nkinds, k = c->kind[card];
    int bonus = 0, alone = 0;
    if (!c->has_bonus && !c->has_alone)
        ns = 0;
    for (int i = 0; i < ns; i++) {
        int sk = c->kind[sites[i]];
        if (c->bonus[k * K + sk] > bonus)
            bonus = c->bonus[k * K + sk];
        alone |= c->alone[k * K + sk];
    }
    int w = c->magic[card] + bonus;
    return (c->maestro[card] || alone) && w < MAESTRO_WORTH ? MAESTRO_WORTH : w;
}

static void sort_keys(int *a, int n, const int *const *keys, int nkeys)
{ /* insertion sort by (keys[0][x], ..., keys[nkeys - 1][x], x); the lists are short */
    for (int i = 1; i < n; i++) {
        int x = a[i], j = i - 1;
        while (j >= 0) {
            int y = a[j], k = 0;
            while (k < nkeys && keys[k][y] == keys[k][x])
                k++;
            if (k < nkeys ? keys[k][y] < keys[k][x] : y < x)
                break;
            a[j + 1] = y;
            j--;
        }
        a[j + 1] = x;
    }
}

static void sort_by(int *a, int n, const int *k1, const int *k2)
{ /* by (k1[x], k2[x] or nothing, x) */
    const int *keys[2] = {k1, k2};
    sort_keys(a, n, keys, k2 ? 2 : 1);
}

static void sort_free(int *a, int n, const int *magic, const int *profile, const int *kind)
{ /* by (magic[x], profile[x], kind[x], x): the policy's order of free Allies */
    const int *keys[3] = {magic, profile, kind};
    sort_keys(a, n, keys, 3);
}

/* policy._lasting_pairs, applied: cards[0..*ncards) sorted by (-bonus, kind, id) go one
 * each to the Allies of active[0..nactive) that are not Maestros, least Magic now first
 * (emag, profile, kind, id), which carry the bonus in emag from now on. The cards played
 * leave cards; useful is work space. Returns the Magic added; *npairs: cards played. */
static int attach_lasting(const Core *c, int *cards, int *ncards, const int *bonus,
                          const int *active, int nactive, int *useful, int *emag, int *npairs)
{
    const int *kind = c->kind;
    int n = *ncards;
    for (int i = 1; i < n; i++) { /* cards: (-N, kind, id) */
        int x = cards[i], j = i - 1;
        while (j >= 0) {
            int y = cards[j], ny = bonus[y], nx = bonus[x];
            int gt = ny != nx ? ny < nx : kind[y] != kind[x] ? kind[y] > kind[x] : y > x;
            if (!gt)
                break;
            cards[j + 1] = y;
            j--;
        }
        cards[j + 1] = x;
    }
    int nidle = 0; /* Allies that are not Maestros, in policy order */
    for (int i = 0; i < nactive; i++)
        if (!c->maestro[active[i]])
            useful[nidle++] = active[i];
    sort_free(useful, nidle, emag, c->profile, kind);
    int np = n < nidle ? n : nidle, added = 0;
    for (int i = 0; i < np; i++) {
        emag[useful[i]] += bonus[cards[i]];
        added += bonus[cards[i]];
    }
    memmove(cards, cards + np, sizeof(int) * (size_t)(n - np));
    *ncards = n - np;
    *npairs = np;
    return added;
}

/* ------------------------------------------------------------ policy.choose_alliances */

/* policy._pack over the candidates cands[0..nc) but skip (-1: none): the most worth,
 * then the most Allies, then the most Prime spent, within budget. The chosen set is
 * written as a bitset over candidate positions to lists + spent * W; returns spent, the
 * worth in *wout and the Allies in *nout. */
static int pack(const Core *c, const int *cands, int nc, int skip, const int *worthv,
                uint64_t met, int budget, int *has, int *worth, int *count, uint64_t *lists,
                int W, int *wout, int *nout)
{
    for (int s = 0; s <= budget; s++)
        has[s] = 0;
    has[0] = 1;
    worth[0] = 0;
    count[0] = 0;
    memset(lists, 0, sizeof(uint64_t) * (size_t)W);
    for (int i = 0; i < nc; i++) {
        if (i == skip)
            continue;
        int card = cands[i];
        int p = effective_prime(c, card, met);
        if (p > budget)
            continue;
        int w = worthv[i];
        for (int s = budget - p; s >= 0; s--) {
            if (!has[s])
                continue;
            int nw = worth[s] + w, nn = count[s] + 1;
            int t = s + p;
            if (!has[t] || nw > worth[t] || (nw == worth[t] && nn > count[t])) {
                if (t != s)
                    memcpy(lists + t * W, lists + s * W, sizeof(uint64_t) * (size_t)W);
                lists[t * W + i / 64] |= 1ULL << (i % 64);
                worth[t] = nw;
                count[t] = nn;
                has[t] = 1;
            }
        }
    }
    int spent = -1;
    for (int s = 0; s <= budget; s++)
        if (has[s] && (spent < 0 || worth[s] > worth[spent]
                       || (worth[s] == worth[spent] && count[s] >= count[spent])))
            spent = s;
    *wout = worth[spent];
    *nout = count[spent];
    return spent;
}

/* Returns how many card ids were written to out (in the order to establish them);
 * *exception: the controlled-Dominion exception was used. sites: the Circle's Sites of
 * a Dominion not yet controlled. work: see POLICY_WORK. */
static int choose_alliances(const Core *c, const int *hand, int nh, uint64_t controlled,
                            uint64_t met, uint64_t uniq, const int *sites, int ns, int *out,
                            int *work, int *used_exception)
{
    const int A = c->allowance;
    int *cands = work;
    int *worthv = cands + nh, *has = worthv + nh, *worth = has + A + 1;
    int *count = worth + A + 1, *after = count + A + 1;
    /* best[s]'s chosen tuple as a bitset over candidate positions: the tuple lists
     * candidates in the order they were added, which is their order in cands */
    uint64_t *lists = (uint64_t *)(after + ((after - work) & 1)); /* 8-byte aligned */
    int nc = 0;
    *used_exception = 0;
    memcpy(cands, hand, sizeof(int) * (size_t)nh);
    sort_by(cands, nh, c->kind, NULL);
    uint64_t seen = 0;
    for (int i = 0; i < nh; i++) {
        int card = cands[i];
        if (c->ctype[card] != CHARACTER)
            continue;
        int u = c->ukey[card];
        if (u >= 0) {
            if ((uniq >> u & 1U) || (seen >> u & 1U))
                continue;
            seen |= 1ULL << u;
        }
        cands[nc++] = card;
    }
    if (!nc)
        return 0;
    const int W = (nc + 63) / 64;
    uint64_t *chosen = lists + (size_t)(A + 1) * W; /* the best set so far (W words) */
    uint64_t wanted = 0;
    for (int i = 0; i < nc; i++) {
        worthv[i] = ally_worth(c, cands[i], sites, ns);
        wanted |= c->card_cond[cands[i]];
    }
    int bw, bn, bp = pack(c, cands, nc, -1, worthv, met, A, has, worth, count, lists, W, &bw,
                          &bn);
    int enabler = -1;
    memcpy(chosen, lists + bp * W, sizeof(uint64_t) * (size_t)W);
    for (int e = 0; wanted && e < nc; e++) {
        uint64_t gives = c->kind_cond[c->kind[cands[e]]];
        if (!(gives & wanted & ~met))
            continue;
        int pe = effective_prime(c, cands[e], met);
        if (pe > A)
            continue;
        int w, n, p = pack(c, cands, nc, e, worthv, met | gives, A - pe, has, worth, count,
                           lists, W, &w, &n);
        w += worthv[e];
        n += 1;
        p += pe;
        if (w > bw || (w == bw && (n > bn || (n == bn && p > bp)))) {
            bw = w;
            bn = n;
            bp = p;
            enabler = e;
            memcpy(chosen, lists + (p - pe) * W, sizeof(uint64_t) * (size_t)W);
        }
    }
    int exception = -1, ew = 0, ep = 0;
    for (int i = 0; i < nc; i++) {
        int card = cands[i];
        if (!(c->dmask[card] & controlled))
            continue;
        /* key (worth, prime, -kind, -id), the largest wins */
        int w = worthv[i], p = c->prime[card];
        if (exception < 0 || w > ew || (w == ew && (p > ep || (p == ep && (
                c->kind[card] < c->kind[exception]
                || (c->kind[card] == c->kind[exception] && card < exception)))))) {
            exception = card;
            ew = w;
            ep = p;
        }
    }
    int nout = 0;
    if (enabler >= 0)
        out[nout++] = cands[enabler];
    for (int i = 0; i < nc; i++)
        if (chosen[i / 64] >> (i % 64) & 1U)
            out[nout++] = cands[i];
    if (exception >= 0 && (nout == 0 || ew > bw)) {
        out[0] = exception;
        *used_exception = 1;
        return 1;
    }
    return nout;
}

/* ------------------------------------------------------------ policy._cheapest_group */

/* (cost, count, group) < (cost, count, group), as Python compares tuples. */
static int group_less(int c1, int n1, const int *g1, int c2, int n2, const int *g2)
{
    if (c1 != c2)
        return c1 < c2;
    if (n1 != n2)
        return n1 < n2;
    for (int i = 0; i < n1; i++)
        if (g1[i] != g2[i])
            return g1[i] < g2[i];
    return 0;
}

/* Writes the group to group (length *glen) and its Magic tied up to *cost; returns 0
 * when no group can secure the Site. work: see POLICY_WORK. */
static int cheapest_group(const Core *c, const int *magic, const int *free, int nf, int site,
                          int need, int *cost, int *group, int *glen, int *work)
{
    int sk = c->kind[site], K = c->nkinds;
    int found = 0, bcost = 0, bcount = 0;
    if (c->has_alone) {
        for (int i = 0; i < nf; i++) {
            if (c->alone[c->kind[free[i]] * K + sk]) {
                found = 1;
                bcost = magic[free[i]];
                bcount = 1;
                group[0] = free[i];
                break;
            }
        }
    }
    int any_bonus = 0;
    if (c->has_bonus)
        for (int i = 0; i < nf; i++)
            any_bonus |= c->bonus[c->kind[free[i]] * K + sk] != 0;
    if (need <= 0) {
        if (nf && (!found || group_less(magic[free[0]], 1, &free[0], bcost, bcount, group))) {
            found = 1;
            bcost = magic[free[0]];
            bcount = 1;
            group[0] = free[0];
        }
        *cost = bcost;
        *glen = bcount;
        return found;
    }
    if (!any_bonus) {
        uint64_t *pref = (uint64_t *)work; /* nf + 1 entries */
        uint64_t reach = 1;
        pref[0] = 1;
        for (int i = 0; i < nf; i++) {
            reach |= reach << (magic[free[i]] > 0 ? magic[free[i]] : 0);
            pref[i + 1] = reach;
        }
        uint64_t t = reach >> need;
        if (t) {
            int total = need + __builtin_ctzll(t);
            if (!found || total < bcost) {
                int target = total, k = 0;
                for (int i = nf; i > 0; i--) {
                    if (!(pref[i - 1] >> target & 1U)) {
                        group[k++] = free[i - 1];
                        target -= magic[free[i - 1]];
                    }
                }
                for (int i = 0; i < k / 2; i++) {
                    int x = group[i];
                    group[i] = group[k - 1 - i];
                    group[k - 1 - i] = x;
                }
                found = 1;
                bcost = total;
                bcount = k;
            }
        }
        *cost = bcost;
        *glen = bcount;
        return found;
    }
    /* General case: states by influence reached (capped at need), each the least
     * (Magic tied up, count, group); the snapshot is the Python loop's sorted() copy. */
    int W = need + 1, G = nf;
    int *has = work, *scost = has + W, *scount = scost + W, *sgroup = scount + W;
    int *snap_has = sgroup + W * G, *snap_cost = snap_has + W, *snap_count = snap_cost + W;
    int *snap_group = snap_count + W;
    memset(has, 0, sizeof(int) * (size_t)W);
    has[0] = 1;
    scost[0] = 0;
    scount[0] = 0;
    int *cand = snap_group + W * G;
    for (int i = 0; i < nf; i++) {
        int a = free[i];
        int infl = magic[a] + c->bonus[c->kind[a] * K + sk];
        memcpy(snap_has, has, sizeof(int) * (size_t)W);
        memcpy(snap_cost, scost, sizeof(int) * (size_t)W);
        memcpy(snap_count, scount, sizeof(int) * (size_t)W);
        memcpy(snap_group, sgroup, sizeof(int) * (size_t)(W * G));
        for (int v = need; v >= 0; v--) {
            if (!snap_has[v])
                continue;
            int w = v + infl;
            if (w < 0)
                w = 0;
            if (w > need)
                w = need;
            int ccost = snap_cost[v] + magic[a], ccount = snap_count[v] + 1;
            int *cg = cand;
            memcpy(cg, snap_group + v * G, sizeof(int) * (size_t)snap_count[v]);
            cg[ccount - 1] = a;
            if (!has[w] || group_less(ccost, ccount, cg, scost[w], scount[w], sgroup + w * G)) {
                has[w] = 1;
                scost[w] = ccost;
                scount[w] = ccount;
                memcpy(sgroup + w * G, cg, sizeof(int) * (size_t)ccount);
            }
        }
    }
    if (has[need] && scount[need]
        && (!found || group_less(scost[need], scount[need], sgroup + need * G, bcost, bcount,
                                 group))) {
        found = 1;
        bcost = scost[need];
        bcount = scount[need];
        memcpy(group, sgroup + need * G, sizeof(int) * (size_t)bcount);
    }
    *cost = bcost;
    *glen = bcount;
    return found;
}

/* ------------------------------------------------------------ policy._boosted_group */

/* Policy 7: free (sorted by profile, kind, id) one more Ally at a time, with the held
 * maneuvers (sorted by kind, id) that add most played first (a permanent "+N versus Y
 * Sites" one, mvs, adds its bonus toward the Site from any Ally); with finish (policy 8) also
 * the Resistance cuts in hand and the Artist power of free Artists outside the group,
 * after the maneuvers adding at least as much. Writes the group, the positions in hand
 * of the maneuvers played (*nplays), the Artists using their power (*npowers) and the
 * Magic tied up; returns 0 when Allies alone get there first or nothing does.
 * work: 3 * nh ints. */
static int boosted_group(const Core *c, const int *magic, const int *free, int nf, int site,
                         int need,
                         const int *hand, int nh, int finish, int *cost, int *group,
                         int *glen, int *plays, int *nplays, int *powers, int *npowers,
                         int *work)
{
    if (need <= 0 || !(nh || finish))
        return 0;
    const int K = c->nkinds, sk = c->kind[site];
    int *best = work, *count = best + nh, *amount = count + nh;
    for (int i = 0; i < nh; i++) { /* "+N versus Y Sites" and cuts add as much from any Ally */
        int mk = c->kind[hand[i]];
        best[i] = c->mvs[mk * K + sk] + (finish ? c->cut[mk] : 0);
    }
    memset(count, 0, sizeof(int) * (size_t)nh);
    int influence = 0, tied = 0;
    for (int k = 0; k < nf; k++) {
        int a = free[k], ak = c->kind[a];
        influence += magic[a] + c->bonus[ak * K + sk];
        tied += magic[a];
        if (influence >= need)
            return 0;
        int n = 0;
        for (int i = 0; i < nh; i++) {
            int mk = c->kind[hand[i]];
            int b = c->mbase[mk * K + ak];
            if (b > best[i])
                best[i] = b;
            count[i] += c->mper[mk * K + ak];
            amount[i] = best[i] * (c->mhasper[mk] ? count[i] : 1);
            if (amount[i] <= 0)
                continue;
            int j = n++; /* insert i: amounts largest first, then position in hand */
            while (j > 0 && amount[plays[j - 1]] < amount[i]) {
                plays[j] = plays[j - 1];
                j--;
            }
            plays[j] = i;
        }
        int total = influence, j = 0, np = 0;
        /* maneuvers adding at least ARTIST_BONUS, then the Artists, then the rest */
        for (int phase = 0; phase < 3; phase++) {
            if (phase == 1) {
                for (int q = k + 1; finish && q < nf && total < need; q++)
                    if (c->artist[free[q]]) {
                        total += ARTIST_BONUS;
                        powers[np++] = free[q];
                    }
                continue;
            }
            for (; j < n && total < need && (phase == 2 || amount[plays[j]] >= ARTIST_BONUS);
                 j++)
                total += amount[plays[j]];
            if (total >= need) {
                *cost = tied;
                *glen = k + 1;
                memcpy(group, free, sizeof(int) * (size_t)(k + 1));
                *nplays = j;
                *npowers = np;
                return 1;
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------ policy.plan_seizures */

typedef struct {
    int n;          /* seizures */
    int site[64];   /* Site ids */
    int start[65];  /* group of seizure i: ally[start[i]:start[i + 1]] */
    int ally[1024];
    int mstart[65]; /* maneuvers played in seizure i: man[mstart[i]:mstart[i + 1]] */
    int man[1024];
} Plan;

/* policy._ally_seizures: policies 6 and 7 (and 8 with finish) for the Allies that are not
 * Maestros, appended to plan. z's free, hand and taken are changed; z->nm is updated. */
typedef struct {
    const int *magic; /* each card's Magic now (policy 9) */
    const int *sites;
    int nc, nm, nf, nh;
    int *taken, *masks, *free, *hand;
    int *group, *bgroup, *bplays, *bpowers, *donors, *bwork, *gwork;
    uint64_t *pref;
} Seizing;

static void ally_seizures(const Core *c, Seizing *z, Plan *plan, int finish)
{
    const int *res = c->res, *dmask = c->dmask, *kind = c->kind, *magic = z->magic;
    const int *sites = z->sites, nc = z->nc;
    int *taken = z->taken, *masks = z->masks, *free = z->free, *hand = z->hand;
    int *group = z->group, *bgroup = z->bgroup, *bplays = z->bplays, *bpowers = z->bpowers;
    int *donors = z->donors, *bwork = z->bwork, *gwork = z->gwork;
    uint64_t *pref = z->pref;
    int nm = z->nm, nf = z->nf, nh = z->nh;
    int plain = !c->has_bonus && !c->has_alone;
    while (nf) {
        uint64_t reach = 1;
        if (plain) {
            pref[0] = 1;
            for (int i = 0; i < nf; i++) {
                reach |= reach << (magic[free[i]] > 0 ? magic[free[i]] : 0);
                pref[i + 1] = reach;
            }
        }
        int have = 0, bc = 0, bg = 0, bi = -1, blen = -1, any = 0, bnp = 0, bnpw = 0;
        for (int i = 0; i < nc; i++) {
            if (taken[i])
                continue;
            int s = sites[i], g = victory_gain(c, masks, nm, dmask[s]);
            if (g <= 0)
                continue;
            any = 1;
            int cost = 0, glen = -1, option = 0, np = 0, npw = 0, bcost, bglen;
            if (plain) {
                int need = res[s];
                if (need <= 0) {
                    cost = magic[free[0]];
                    option = 1;
                } else {
                    uint64_t t = reach >> need;
                    if (t) {
                        cost = need + __builtin_ctzll(t);
                        option = 1;
                    }
                }
            } else {
                option = cheapest_group(c, magic, free, nf, s, res[s], &cost, group, &glen,
                                        gwork);
            }
            if ((nh || finish)
                && boosted_group(c, magic, free, nf, s, res[s], hand, nh, finish, &bcost, bgroup,
                                 &bglen, bplays, &np, bpowers, &npw, bwork)) {
                if (!option || bcost < cost) {
                    option = 1;
                    cost = bcost;
                    glen = bglen;
                    memcpy(group, bgroup, sizeof(int) * (size_t)bglen);
                } else {
                    np = npw = 0;
                }
            }
            if (!option)
                continue;
            if (!have) {
                have = 1;
            } else {
                long lhs = (long)cost * bg, rhs = (long)bc * g;
                int bs = sites[bi];
                /* cost/gain smaller, then (-gain, Resistance, kind, id) smaller */
                int better = lhs < rhs;
                if (lhs == rhs) {
                    if (g != bg)
                        better = g > bg;
                    else if (res[s] != res[bs])
                        better = res[s] < res[bs];
                    else if (kind[s] != kind[bs])
                        better = kind[s] < kind[bs];
                    else
                        better = s < bs;
                }
                if (!better)
                    continue;
            }
            bc = cost;
            bg = g;
            bi = i;
            blen = glen;
            bnp = np;
            bnpw = npw;
            memcpy(donors, bpowers, sizeof(int) * (size_t)npw);
            if (glen >= 0) { /* keep the best group where the plan stores it */
                int k = plan->n;
                memcpy(plan->ally + plan->start[k], group, sizeof(int) * (size_t)glen);
            }
            for (int j = 0; j < np; j++) /* and the positions in hand of its maneuvers */
                plan->man[plan->mstart[plan->n] + j] = bplays[j];
        }
        if (!any || !have)
            break;
        int s = sites[bi], k = plan->n;
        int *g = plan->ally + plan->start[k];
        int glen = blen;
        if (glen < 0) {
            if (res[s] <= 0) {
                g[0] = free[0];
                glen = 1;
            } else {
                int target = bc;
                glen = 0;
                for (int i = nf; i > 0; i--) {
                    if (!(pref[i - 1] >> target & 1U)) {
                        int a = free[i - 1];
                        g[glen++] = a;
                        target -= magic[a] > 0 ? magic[a] : 0;
                    }
                }
                for (int i = 0; i < glen / 2; i++) {
                    int x = g[i];
                    g[i] = g[glen - 1 - i];
                    g[glen - 1 - i] = x;
                }
            }
        }
        plan->site[k] = s;
        plan->start[k + 1] = plan->start[k] + glen;
        plan->mstart[k + 1] = plan->mstart[k] + bnp;
        if (bnp) { /* positions in hand to card ids; the rest of the hand stays in order */
            int *pm = plan->man + plan->mstart[k];
            uint64_t spent[16] = {0};
            for (int j = 0; j < bnp; j++) {
                spent[pm[j] / 64] |= 1ULL << (pm[j] % 64);
                pm[j] = hand[pm[j]];
            }
            int kept = 0;
            for (int i = 0; i < nh; i++)
                if (!(spent[i / 64] >> (i % 64) & 1U))
                    hand[kept++] = hand[i];
            nh = kept;
        }
        plan->n++;
        taken[bi] = 1;
        masks[nm++] = dmask[s];
        int kept = 0;
        for (int i = 0; i < nf; i++) {
            int used = 0;
            for (int j = 0; j < glen; j++)
                used |= g[j] == free[i];
            for (int j = 0; j < bnpw; j++) /* an Artist that used its power pivoted */
                used |= donors[j] == free[i];
            if (!used)
                free[kept++] = free[i];
        }
        nf = kept;
        if (dominion_count(c, masks, nm, -1) >= c->to_win)
            break;
    }
    z->nm = nm;
}

static int plan_seizures(const Core *c, const int *magic, const int *active, int na,
                         const int *circle, int nc, const int *masks0, int nm0, const int *held,
                         int nh, Plan *plan, int *work)
{
    const int *res = c->res, *dmask = c->dmask, *kind = c->kind;
    int *masks = work, *sites = masks + nm0 + nc + 1, *taken = sites + nc;
    int *free = taken + nc, *maestros = free + na, *group = maestros + na;
    int *pwork = group + na + 1;
    if ((uintptr_t)pwork & 7U) /* the subset-sum tables are uint64 */
        pwork++;
    int nm = nm0;
    plan->n = 0;
    plan->start[0] = 0;
    plan->mstart[0] = 0;
    memcpy(masks, masks0, sizeof(int) * (size_t)nm0);
    if (dominion_count(c, masks, nm, -1) >= c->to_win)
        return 0;
    memcpy(sites, circle, sizeof(int) * (size_t)nc);
    for (int i = 1; i < nc; i++) { /* sorted(circle) */
        int x = sites[i], j = i - 1;
        while (j >= 0 && sites[j] > x) {
            sites[j + 1] = sites[j];
            j--;
        }
        sites[j + 1] = x;
    }
    memset(taken, 0, sizeof(int) * (size_t)nc);
    int nmae = 0, nf = 0;
    for (int i = 0; i < na; i++) {
        if (c->maestro[active[i]])
            maestros[nmae++] = active[i];
        else
            free[nf++] = active[i];
    }
    sort_by(maestros, nmae, kind, NULL);
    for (int m = 0; m < nmae; m++) {
        int best = -1, bg = 0;
        for (int i = 0; i < nc; i++) {
            if (taken[i])
                continue;
            int s = sites[i], g = victory_gain(c, masks, nm, dmask[s]);
            if (g <= 0)
                continue;
            /* key (gain, Resistance, -kind, -id), the largest wins */
            if (best < 0 || g > bg || (g == bg && (res[s] > res[sites[best]] || (
                    res[s] == res[sites[best]] && (kind[s] < kind[sites[best]] || (
                        kind[s] == kind[sites[best]] && s < sites[best])))))) {
                best = i;
                bg = g;
            }
        }
        if (best < 0)
            break;
        int k = plan->n++;
        plan->site[k] = sites[best];
        plan->ally[plan->start[k]] = maestros[m];
        plan->start[k + 1] = plan->start[k] + 1;
        plan->mstart[k + 1] = plan->mstart[k];
        taken[best] = 1;
        masks[nm++] = dmask[sites[best]];
        if (dominion_count(c, masks, nm, -1) >= c->to_win)
            return plan->n;
    }
    sort_free(free, nf, magic, c->profile, kind);
    uint64_t *pref = (uint64_t *)pwork; /* nf + 1 entries */
    int *hand = pwork + 2 * (na + 2), *bgroup = hand + nh + 1;
    int *bplays = bgroup + na + 1, *bpowers = bplays + nh + 1, *donors = bpowers + na + 1;
    int *free2 = donors + na + 1, *hand2 = free2 + na + 1, *taken2 = hand2 + nh + 1;
    int *bwork = taken2 + nc + 1;
    int *gwork = bwork + 3 * (nh + 1);
    if ((gwork - pwork) & 1) /* cheapest_group's subset-sum table is uint64 */
        gwork++;
    memcpy(hand, held, sizeof(int) * (size_t)nh);
    sort_by(hand, nh, kind, NULL);
    int can_finish = 0; /* a Resistance cut in hand or a free Artist (policy 8) */
    for (int i = 0; i < nh; i++)
        can_finish |= c->cut[kind[hand[i]]] > 0;
    for (int i = 0; i < nf; i++)
        can_finish |= c->artist[free[i]];
    if (can_finish) {
        memcpy(free2, free, sizeof(int) * (size_t)nf);
        memcpy(hand2, hand, sizeof(int) * (size_t)nh);
        memcpy(taken2, taken, sizeof(int) * (size_t)nc);
    }
    Seizing z = {magic, sites, nc, nm, nf, nh, taken, masks, free, hand, group, bgroup,
                 bplays, bpowers, donors, bwork, gwork, pref};
    int maestro_seizures = plan->n;
    ally_seizures(c, &z, plan, 0);
    if (!can_finish || dominion_count(c, masks, z.nm, -1) >= c->to_win)
        return plan->n;
    int one_short = 0; /* one more seizure would win */
    for (int i = 0; i < nc && !one_short; i++)
        one_short = !taken[i] && dominion_count(c, masks, z.nm, dmask[sites[i]]) >= c->to_win;
    if (!one_short)
        return plan->n;
    /* Policy 8: "until end of round" help only when it wins this round. */
    Plan finish;
    finish.n = maestro_seizures;
    memcpy(finish.site, plan->site, sizeof(int) * (size_t)maestro_seizures);
    memcpy(finish.start, plan->start, sizeof(int) * (size_t)(maestro_seizures + 1));
    memcpy(finish.mstart, plan->mstart, sizeof(int) * (size_t)(maestro_seizures + 1));
    memcpy(finish.ally, plan->ally, sizeof(int) * (size_t)plan->start[maestro_seizures]);
    Seizing zf = {magic, sites, nc, nm, nf, nh, taken2, masks, free2, hand2, group, bgroup,
                  bplays, bpowers, donors, bwork, gwork, pref};
    ally_seizures(c, &zf, &finish, 1);
    if (dominion_count(c, masks, zf.nm, -1) >= c->to_win)
        memcpy(plan, &finish, sizeof(Plan));
    return plan->n;
}

/* ------------------------------------------------------------ fastpath.FastGoldfish.play */

typedef struct {
    int win_round; /* 0: none */
    int reshuffled, exhausted, stall; /* stall: index into STALL_REASONS, -1 after a win */
    int played;    /* rounds played */
} Outcome;

/* One game from a seeded generator. allies/sites: per-round counts (rounds entries,
 * the final values repeated after the game ends). trace: a list to append RoundTrace
 * tuples to, or NULL. Returns -1 with a Python error set (only when tracing). */
static int play_game(const Core *c, MT *r, int rounds, int *allies, int *sites, Outcome *o,
                     PyObject *trace, int *scratch)
{
    const int *ctype = c->ctype, *ukey = c->ukey, *dmask = c->dmask, *kind = c->kind;
    const int *res = c->res, *profile = c->profile;
    const int N = c->n;
    int *pool = scratch, *newq = pool + N + 8, *hand = newq + 2 * N + 16;
    int *active = hand + N + 1, *circle = active + N + 1, *masks = circle + N + 1;
    int *chosen = masks + N + 1, *useful = chosen + N + 1, *out = useful + N + 1;
    int *held = out + N + 1; /* influence maneuvers in hand the policy may play */
    int *waiting = held + N + 1; /* Sites a Dictate drew: revealed next turn */
    int *dicts = waiting + N + 1; /* Dictates in hand the policy may play */
    int *acts = dicts + N + 1; /* Ally Actions in hand the policy may play (policy 9) */
    int *emag = acts + N + 1; /* each card's Magic now, with those Ally Actions and Flashes */
    int *flashes = emag + N + 1; /* Flashes in hand the policy may play (policy 9) */
    int *work = scratch + GAME_WORK(N);
    const int *mnow = c->has_actions ? emag : c->magic;
    if (c->has_actions)
        memcpy(emag, c->magic, sizeof(int) * (size_t)N);
    Plan plan;
    memcpy(pool, c->pool0, sizeof(int) * (size_t)c->npool0);
    int n = c->npool0;
    memcpy(circle, c->circle0, sizeof(int) * (size_t)c->ncircle0);
    int ncircle = c->ncircle0, nhand = 0, nactive = 0, nmasks = 0, nnew = 0;
    int nheld = 0, nplayed = 0, nwaiting = 0, ndicts = 0, nacts = 0, nflashes = 0;
    int census = 0; /* cards drawn each turn by the Dictates in play (policy 4) */
    uint64_t uniq = c->uniq_bits0, met = 0;
    int controlled = 0, exhausted = 0, established = 0, win_round = 0;
    int active_reach = 0, active_alone = 0, played = 0;
    int min_res = NO_RES;
    for (int i = 0; i < ncircle; i++)
        if (res[circle[i]] < min_res)
            min_res = res[circle[i]];

#define DRAW()                                        \
    do {                                              \
        if (n) {                                      \
            int j_ = (int)(mt_random(r) * n);         \
            n--;                                      \
            newq[nnew++] = pool[j_];                  \
            pool[j_] = pool[n];                       \
            if (!n)                                   \
                exhausted = 1;                        \
        }                                             \
    } while (0)

    /* Game Setup: five cards; a hand with no Character is reshuffled once. */
    for (int i = 0; i < OPENING_HAND; i++)
        DRAW();
    int reshuffled = 1;
    for (int i = 0; i < nnew; i++)
        if (ctype[newq[i]] == CHARACTER)
            reshuffled = 0;
    if (reshuffled) {
        memcpy(pool + n, newq, sizeof(int) * (size_t)nnew);
        n += nnew;
        nnew = 0;
        for (int i = 0; i < OPENING_HAND; i++)
            DRAW();
    }
    for (int rnum = 1; rnum <= rounds; rnum++) {
        /* Coming of Order: draw two; then, at the beginning of the Autarch-phase turn, the
         * draws of the Dictates in play that draw every turn (policy 4). */
        for (int i = 0; i < DRAWS_PER_ROUND + census; i++)
            DRAW();
        /* Autarch phase: reveal Sites in hand order, each with a replacement draw; then
         * the turn's Dictate (policy.choose_dictate): the cards it draws join the hand,
         * its Sites wait for the next turn. */
        int revealing = 1;
        for (int i = 0;; i++) {
            if (i == nnew) {
                if (!revealing || !ndicts)
                    break;
                revealing = 0;
                int best = -1, every = -1; /* the instant and the every-turn choice */
                for (int k = 0; k < ndicts; k++) {
                    int d = dicts[k];
                    const int *dr = c->tdraws[d] ? c->tdraws : c->draws;
                    int *b = c->tdraws[d] ? &every : &best;
                    if (*b < 0 || dr[d] > dr[dicts[*b]]
                        || (dr[d] == dr[dicts[*b]]
                            && (kind[d] < kind[dicts[*b]]
                                || (kind[d] == kind[dicts[*b]] && d < dicts[*b]))))
                        *b = k;
                }
                if (every >= 0 && n >= CENSUS_DESTINY)
                    best = every;
                else if (best < 0 || n <= c->draws[dicts[best]])
                    break;
                int d = dicts[best];
                census += c->tdraws[d];
                memmove(dicts + best, dicts + best + 1, sizeof(int) * (size_t)(ndicts - best - 1));
                ndicts--;
                nplayed++;
                for (int k = 0; k < c->draws[d]; k++)
                    DRAW();
                if (i == nnew)
                    break;
            }
            int card = newq[i], t = ctype[card];
            if (t == SITE) {
                int u = ukey[card];
                if (!revealing) {
                    waiting[nwaiting++] = card;
                } else if (u < 0 || !(uniq >> u & 1U)) {
                    if (u >= 0)
                        uniq |= 1ULL << u;
                    circle[ncircle++] = card;
                    if (res[card] < min_res)
                        min_res = res[card];
                    DRAW();
                }
            } else if (t == CHARACTER) {
                hand[nhand++] = card;
            } else if (c->playable[card]) {
                held[nheld++] = card;
            } else if (c->draws[card] || c->tdraws[card]) {
                dicts[ndicts++] = card;
            } else if (c->aamagic[card]) {
                acts[nacts++] = card;
            } else if (c->fmagic[card]) {
                flashes[nflashes++] = card;
            }
        }
        memcpy(newq, waiting, sizeof(int) * (size_t)nwaiting);
        nnew = nwaiting;
        nwaiting = 0;
        /* Ally phase: establish alliances (kinds chosen, then the first card of each
         * kind in hand order, as the Python fast path applies its cached kinds). */
        int nchosen = 0;
        if (nhand) {
            int exc;
            int nuncovered = 0; /* the Circle's Sites of a Dominion not yet controlled */
            for (int i = 0; i < ncircle; i++)
                if (dmask[circle[i]] & ~controlled)
                    useful[nuncovered++] = circle[i];
            int nk = choose_alliances(c, hand, nhand, (uint64_t)controlled, met, uniq, useful,
                                      nuncovered, out, work, &exc);
            for (int i = 0; i < nk; i++) {
                int k = kind[out[i]], at = 0;
                while (kind[hand[at]] != k)
                    at++;
                int card = hand[at];
                chosen[nchosen++] = card;
                memmove(hand + at, hand + at + 1, sizeof(int) * (size_t)(nhand - at - 1));
                nhand--;
                if (ukey[card] >= 0)
                    uniq |= 1ULL << ukey[card];
                met |= c->kind_cond[k];
            }
            established += nk;
        }
        if (nflashes && nactive) { /* Policy 9 (policy.choose_flashes): before the seizures. */
            int npairs;
            active_reach += attach_lasting(c, flashes, &nflashes, c->fmagic, active, nactive,
                                           useful, emag, &npairs);
            nplayed += npairs;
        }
        if (nactive && (nheld || active_alone || active_reach >= min_res)) {
            /* FastGoldfish._seizures: only Sites that still add a Dominion (standard). */
            int nuseful = 0, least = NO_RES;
            for (int i = 0; i < ncircle; i++) {
                int s = circle[i];
                if (!c->standard || (dmask[s] & ~controlled)) {
                    useful[nuseful++] = s;
                    if (res[s] < least)
                        least = res[s];
                }
            }
            int np = 0;
            if (nuseful && (nheld || active_alone || active_reach >= least))
                np = plan_seizures(c, mnow, active, nactive, useful, nuseful, masks, nmasks,
                                   held, nheld, &plan, work);
            /* Applied as (Site kind, Ally profiles), like the Python cache entries. */
            for (int p = 0; p < np; p++) {
                int sk = kind[plan.site[p]], at = 0;
                while (kind[circle[at]] != sk)
                    at++;
                int site = circle[at];
                memmove(circle + at, circle + at + 1, sizeof(int) * (size_t)(ncircle - at - 1));
                ncircle--;
                masks[nmasks++] = dmask[site];
                controlled |= dmask[site];
                for (int g = plan.start[p]; g < plan.start[p + 1]; g++) {
                    int pr = profile[plan.ally[g]], mn = mnow[plan.ally[g]];
                    at = 0;
                    while (profile[active[at]] != pr || mnow[active[at]] != mn)
                        at++;
                    int a = active[at];
                    memmove(active + at, active + at + 1,
                            sizeof(int) * (size_t)(nactive - at - 1));
                    nactive--;
                    active_reach -= c->max_infl[a] + mnow[a] - c->magic[a];
                    active_alone -= c->can_alone[a];
                }
                for (int g = plan.mstart[p]; g < plan.mstart[p + 1]; g++) {
                    int mk = kind[plan.man[g]];
                    at = 0;
                    while (kind[held[at]] != mk)
                        at++;
                    memmove(held + at, held + at + 1, sizeof(int) * (size_t)(nheld - at - 1));
                    nheld--;
                    nplayed++;
                }
            }
            if (np) {
                min_res = NO_RES;
                for (int i = 0; i < ncircle; i++)
                    if (res[circle[i]] < min_res)
                        min_res = res[circle[i]];
            }
        }
        /* Policy 9 (policy.choose_ally_actions): after the seizures, unless they won. */
        if (nacts && nactive
            && !(nmasks && (c->standard ? popcount((uint64_t)controlled) >= c->to_win
                                        : matching_size(masks, nmasks, -1) >= c->to_win))) {
            int npairs;
            active_reach += attach_lasting(c, acts, &nacts, c->aamagic, active, nactive,
                                           useful, emag, &npairs);
            nplayed += npairs;
        }
        /* Reconciliation: reserves forward; victory; Exhausted Destiny. */
        for (int i = 0; i < nchosen; i++) {
            active[nactive++] = chosen[i];
            active_reach += c->max_infl[chosen[i]];
            active_alone += c->can_alone[chosen[i]];
        }
        allies[rnum - 1] = established;
        sites[rnum - 1] = nmasks;
        played = rnum;
        if (trace) {
            int by[5] = {0, 0, 0, 0, 0}; /* trace.sites_by_dominion */
            for (int i = 0; i < nmasks; i++)
                for (int d = 0; d < 5; d++)
                    by[d] += masks[i] >> d & 1;
            int revealed = ncircle + nmasks - c->ncircle0;
            PyObject *t = PyObject_CallFunction(
                c->trace_cls, "ii i(iiiii)i", rnum, c->npool0 - n - revealed - established - nplayed,
                established, by[0], by[1], by[2], by[3], by[4], n);
            if (!t || PyList_Append(trace, t) < 0) {
                Py_XDECREF(t);
                return -1;
            }
            Py_DECREF(t);
        }
        if (nmasks && (c->standard ? popcount((uint64_t)controlled) >= c->to_win
                                   : matching_size(masks, nmasks, -1) >= c->to_win)) {
            win_round = rnum;
            break;
        }
        if (exhausted)
            break;
    }
#undef DRAW
    for (int i = played; i < rounds; i++) {
        allies[i] = allies[played - 1];
        sites[i] = sites[played - 1];
    }
    o->win_round = win_round;
    o->reshuffled = reshuffled;
    o->exhausted = !win_round && exhausted;
    o->played = played;
    o->stall = -1;
    if (!win_round) { /* stalls.stall_reason */
        for (int i = 0; i < ncircle; i++)
            masks[nmasks + i] = dmask[circle[i]];
        if (dominion_count(c, masks, nmasks + ncircle, -1) < c->to_win)
            o->stall = 3; /* dominion_missing */
        else if (nactive == 0)
            o->stall = nhand ? 1 : 0; /* prime_too_high, no_character */
        else
            o->stall = 2; /* too_little_magic */
    }
    return 0;
}

static PyObject *int_tuple(const int *v, int n)
{
    PyObject *t = PyTuple_New(n);
    if (!t)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (!x) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

static int check_rounds(int rounds)
{
    if (rounds < 1 || rounds > 100000) {
        PyErr_SetString(PyExc_ValueError, "rounds must be between 1 and 100000");
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(core_play_doc,
"play(seed, rounds, trace=None) -> GoldfishResult\n\n"
"One game, as FastGoldfish.play (0 <= seed < 2**64; trace: a list or None).");

static PyObject *core_play(Core *c, PyObject *args)
{
    unsigned long long seed;
    int rounds;
    PyObject *trace = Py_None;
    if (!PyArg_ParseTuple(args, "Ki|O", &seed, &rounds, &trace) || check_rounds(rounds) < 0)
        return NULL;
    if (trace != Py_None && !PyList_Check(trace)) {
        PyErr_SetString(PyExc_TypeError, "trace must be a list or None");
        return NULL;
    }
    /* work space per call, not per deck: games may run in several threads at once */
    int *counts = PyMem_Malloc(sizeof(int) * (2 * (size_t)rounds + c->scratch_len));
    if (!counts)
        return PyErr_NoMemory();
    MT r;
    Outcome o;
    mt_seed(&r, seed);
    PyObject *result = NULL;
    if (play_game(c, &r, rounds, counts, counts + rounds, &o,
                  trace == Py_None ? NULL : trace, counts + 2 * rounds) == 0) {
        PyObject *allies = int_tuple(counts, rounds), *sites = int_tuple(counts + rounds, rounds);
        if (allies && sites) {
            PyObject *win = o.win_round ? PyLong_FromLong(o.win_round) : Py_NewRef(Py_None);
            PyObject *reason = o.stall >= 0 ? PyTuple_GET_ITEM(c->reasons, o.stall) : Py_None;
            if (win)
                result = PyObject_CallFunction(c->result_cls, "KiOOOOOO", seed, rounds, win,
                                               o.reshuffled ? Py_True : Py_False, allies,
                                               sites, reason,
                                               o.exhausted ? Py_True : Py_False);
            Py_XDECREF(win);
        }
        Py_XDECREF(allies);
        Py_XDECREF(sites);
    }
    PyMem_Free(counts);
    return result;
}

/* The generator of game i (seed splitmix64(base ^ i), rng.game_seeds), seeded
 * MT_LANES games at a time from game `start` on. */
static MT *next_generator(MT *lanes, uint64_t base, long long i, long long start)
{
    int lane = (int)((i - start) % MT_LANES);
    if (lane == 0) {
        uint64_t seeds[MT_LANES];
        for (int g = 0; g < MT_LANES; g++)
            seeds[g] = splitmix64(base ^ (uint64_t)(i + g));
        mt_seed_lanes(lanes, seeds);
    }
    return &lanes[lane];
}

PyDoc_STRVAR(core_tally_doc,
"tally(base, start, stop, rounds) -> (win_hist, reshuffles, allies, sites, stalls, exhausted)\n\n"
"Games start..stop-1 with seeds splitmix64(base ^ i) (rng.game_seeds with base =\n"
"splitmix64(master_seed)), summed as StatsAccumulator sums them: win_hist[r] games won\n"
"in round r (index 0 unused), allies/sites per round summed, stalls per STALL_REASONS.");

static PyObject *core_tally(Core *c, PyObject *args)
{
    unsigned long long base;
    long long start, stop;
    int rounds;
    if (!PyArg_ParseTuple(args, "KLLi", &base, &start, &stop, &rounds)
        || check_rounds(rounds) < 0)
        return NULL;
    size_t R = (size_t)rounds;
    long long *tot = PyMem_Calloc(3 * R + 8, sizeof(long long));
    int *counts = PyMem_Malloc(sizeof(int) * (2 * R + c->scratch_len));
    PyObject *out = NULL;
    if (!tot || !counts) {
        PyErr_NoMemory();
        goto done;
    }
    long long *hist = tot, *allies = hist + R + 1, *sites = allies + R, *stalls = sites + R;
    long long reshuffles = 0, exhausted = 0;
    MT *lanes = PyMem_Malloc(sizeof(MT) * MT_LANES);
    if (!lanes) {
        PyErr_NoMemory();
        goto done;
    }
    Outcome o;
    Py_BEGIN_ALLOW_THREADS
    for (long long i = start; i < stop; i++) {
        MT *r = next_generator(lanes, base, i, start);
        play_game(c, r, rounds, counts, counts + rounds, &o, NULL, counts + 2 * R);
        hist[o.win_round]++;
        reshuffles += o.reshuffled;
        exhausted += o.exhausted;
        if (o.stall >= 0)
            stalls[o.stall]++;
        for (int k = 0; k < rounds; k++) {
            allies[k] += counts[k];
            sites[k] += counts[rounds + k];
        }
    }
    Py_END_ALLOW_THREADS
    PyMem_Free(lanes);
    PyObject *lists[4] = {PyList_New(rounds + 1), PyList_New(rounds), PyList_New(rounds),
                          PyList_New(4)};
    long long *src[4] = {hist, allies, sites, stalls};
    int lens[4] = {rounds + 1, rounds, rounds, 4};
    int ok = 1;
    for (int l = 0; l < 4; l++) {
        ok = ok && lists[l];
        for (int k = 0; ok && k < lens[l]; k++) {
            PyObject *x = PyLong_FromLongLong(src[l][k]);
            ok = x != NULL;
            if (x)
                PyList_SET_ITEM(lists[l], k, x);
        }
    }
    if (ok)
        out = Py_BuildValue("(OLOOOL)", lists[0], reshuffles, lists[1], lists[2], lists[3],
                            exhausted);
    for (int l = 0; l < 4; l++)
        Py_XDECREF(lists[l]);
done:
    PyMem_Free(tot);
    PyMem_Free(counts);
    return out;
}

PyDoc_STRVAR(core_win_rounds_doc,
"win_rounds(base, start, stop, rounds) -> bytes\n\n"
"The victory round (0: none) of games start..stop-1, seeded as in tally().");

static PyObject *core_win_rounds(Core *c, PyObject *args)
{
    unsigned long long base;
    long long start, stop;
    int rounds;
    if (!PyArg_ParseTuple(args, "KLLi", &base, &start, &stop, &rounds)
        || check_rounds(rounds) < 0)
        return NULL;
    if (rounds > 127 || stop < start) {
        PyErr_SetString(PyExc_ValueError, "win_rounds: rounds <= 127 and start <= stop");
        return NULL;
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(stop - start));
    int *counts = PyMem_Malloc(sizeof(int) * (2 * (size_t)rounds + c->scratch_len));
    if (!out || !counts) {
        Py_XDECREF(out);
        PyMem_Free(counts);
        return PyErr_NoMemory();
    }
    MT *lanes = PyMem_Malloc(sizeof(MT) * MT_LANES);
    if (!lanes) {
        Py_DECREF(out);
        PyMem_Free(counts);
        return PyErr_NoMemory();
    }
    char *buf = PyBytes_AS_STRING(out);
    Outcome o;
    Py_BEGIN_ALLOW_THREADS
    for (long long i = start; i < stop; i++) {
        MT *r = next_generator(lanes, base, i, start);
        play_game(c, r, rounds, counts, counts + rounds, &o, NULL, counts + 2 * rounds);
        buf[i - start] = (char)o.win_round;
    }
    Py_END_ALLOW_THREADS
    PyMem_Free(lanes);
    PyMem_Free(counts);
    return out;
}

static PyMethodDef core_methods[] = {
    {"play", (PyCFunction)core_play, METH_VARARGS, core_play_doc},
    {"tally", (PyCFunction)core_tally, METH_VARARGS, core_tally_doc},
    {"win_rounds", (PyCFunction)core_win_rounds, METH_VARARGS, core_win_rounds_doc},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "deckbuilder.engine._fastcore.Core",
    .tp_doc = PyDoc_STR("One deck's goldfish games in C (see fastcore.py)."),
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)core_init,
    .tp_dealloc = (destructor)core_dealloc,
    .tp_methods = core_methods,
};

static struct PyModuleDef fastcore_module = {
    PyModuleDef_HEAD_INIT, "_fastcore",
    "The compiled goldfish core (see deckbuilder/engine/fastcore.py).", -1, NULL,
};

PyMODINIT_FUNC PyInit__fastcore(void)
{
    mt_init_base();
    if (PyType_Ready(&CoreType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&fastcore_module);
    if (!m)
        return NULL;
    if (PyModule_AddObject(m, "Core", Py_NewRef((PyObject *)&CoreType)) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
