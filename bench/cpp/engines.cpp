// A plain single-file C++ engine for the workloads of specs/engine-workloads.md.
//
// Written from the spec only (it shares no code with the Python engines), so
// its rates are the yardstick for bench/engines.py, which builds it with
// g++ -O2 -march=native and runs it in the same process tree:
//
//     engines CASES_FOLDER FIGURE COUNT
//
// prints "NAME ops=COUNT seconds=S rate=R checksum=X" (seconds: the loop only).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using u64 = std::uint64_t;
using i64 = std::int64_t;

static u64 rng_state = 1;
static inline u64 draw(u64 n) {
    u64 x = rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    rng_state = x;
    return x % n;
}

static std::vector<std::string> read_lines(const std::string& path) {
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", path.c_str());
        std::exit(2);
    }
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(line);
    }
    return lines;
}

// ------------------------------------------------------------ rolling-balls
struct Rolling {
    int W, H, PW;
    std::vector<int> grid;  // -2 wall, -1 empty, else ball index
    std::vector<int> pos, colour, tcells, tcolour;
    int step[4];
};

static Rolling rolling_load(const std::string& dir) {
    auto lines = read_lines(dir + "/rolling-balls/seed_7.txt");
    Rolling r;
    r.H = std::atoi(lines[0].c_str());
    r.W = (int)lines[1].size();
    r.PW = r.W + 2;
    r.grid.assign((r.H + 2) * r.PW, -2);
    for (int i = 0; i < r.H; i++)
        for (int j = 0; j < r.W; j++) {
            char s = lines[1 + i][j], t = lines[2 + r.H + i][j];
            int z = (i + 1) * r.PW + j + 1;
            if (s != '#') r.grid[z] = -1;
            if (s >= '0' && s <= '9') {
                r.grid[z] = (int)r.pos.size();
                r.pos.push_back(z);
                r.colour.push_back(s - '0');
            }
            if (t >= '0' && t <= '9') {
                r.tcells.push_back(z);
                r.tcolour.push_back(t - '0');
            }
        }
    r.step[0] = -1;
    r.step[1] = r.PW;
    r.step[2] = 1;
    r.step[3] = -r.PW;
    return r;
}

static i64 rolling_run(Rolling r, i64 count, bool score) {
    i64 sum = 0;
    const u64 n = r.pos.size();
    const int nt = (int)r.tcells.size();
    for (i64 k = 0; k < count; k++) {
        int b = (int)draw(n);
        int d = (int)draw(4);
        int z = r.pos[b], s = r.step[d], e = z;
        while (r.grid[e + s] == -1) e += s;
        if (e != z) {
            r.grid[z] = -1;
            r.grid[e] = b;
            r.pos[b] = e;
        }
        if (score) {
            int pts = 0;
            for (int t = 0; t < nt; t++) {
                int g = r.grid[r.tcells[t]];
                pts += (g >= 0) * (1 + (g >= 0 && r.colour[g < 0 ? 0 : g] == r.tcolour[t]));
            }
            sum += pts;
        } else {
            sum += (e / r.PW - 1) * r.W + e % r.PW - 1;
        }
    }
    return sum;
}

// ------------------------------------------------------------ ahc011
struct Sliding {
    int N, empty;
    std::vector<int> tiles;
    std::vector<int> nb;  // 4 per cell: neighbours in L U R D order, then count in nbn
    std::vector<int> nbn;
};

static Sliding sliding_load(const std::string& dir) {
    auto lines = read_lines(dir + "/ahc011/0009.txt");
    Sliding s;
    s.N = std::atoi(lines[0].c_str());
    int N = s.N;
    s.tiles.resize(N * N);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            char c = lines[1 + i][j];
            int v = (c >= '0' && c <= '9') ? c - '0' : c - 'a' + 10;
            s.tiles[i * N + j] = v;
            if (v == 0) s.empty = i * N + j;
        }
    s.nb.assign(4 * N * N, 0);
    s.nbn.assign(N * N, 0);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int c = i * N + j, k = 0;
            if (j > 0) s.nb[4 * c + k++] = c - 1;
            if (i > 0) s.nb[4 * c + k++] = c - N;
            if (j + 1 < N) s.nb[4 * c + k++] = c + 1;
            if (i + 1 < N) s.nb[4 * c + k++] = c + N;
            s.nbn[c] = k;
        }
    return s;
}

static int tree_size(const Sliding& s, std::vector<int>& adj, std::vector<int>& seen,
                     std::vector<int>& stack, int stamp) {
    const int N = s.N;
    // adj[c]: matched-edge mask (1 L, 2 U, 4 R, 8 D)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int c = i * N + j, t = s.tiles[c], m = 0;
            if (j > 0 && (t & 1) && (s.tiles[c - 1] & 4)) m |= 1;
            if (i > 0 && (t & 2) && (s.tiles[c - N] & 8)) m |= 2;
            if (j + 1 < N && (t & 4) && (s.tiles[c + 1] & 1)) m |= 4;
            if (i + 1 < N && (t & 8) && (s.tiles[c + N] & 2)) m |= 8;
            adj[c] = m;
        }
    int best = 0;
    for (int c0 = 0; c0 < N * N; c0++) {
        if (s.tiles[c0] == 0 || seen[c0] == stamp) continue;
        int top = 0, verts = 0, deg = 0;
        stack[top++] = c0;
        seen[c0] = stamp;
        while (top) {
            int c = stack[--top];
            verts++;
            int m = adj[c];
            deg += __builtin_popcount(m);
            if ((m & 1) && seen[c - 1] != stamp) { seen[c - 1] = stamp; stack[top++] = c - 1; }
            if ((m & 2) && seen[c - N] != stamp) { seen[c - N] = stamp; stack[top++] = c - N; }
            if ((m & 4) && seen[c + 1] != stamp) { seen[c + 1] = stamp; stack[top++] = c + 1; }
            if ((m & 8) && seen[c + N] != stamp) { seen[c + N] = stamp; stack[top++] = c + N; }
        }
        if (deg / 2 == verts - 1 && verts > best) best = verts;
    }
    return best;
}

static i64 sliding_run(Sliding s, i64 count, bool trees) {
    const int N = s.N;
    std::vector<int> adj(N * N), seen(N * N, 0), stack(N * N);
    i64 sum = 0;
    int e = s.empty;
    for (i64 k = 0; k < count; k++) {
        int to = s.nb[4 * e + (int)draw((u64)s.nbn[e])];
        s.tiles[e] = s.tiles[to];
        s.tiles[to] = 0;
        e = to;
        if (trees)
            sum += tree_size(s, adj, seen, stack, (int)k + 1);
        else
            sum += e;
    }
    return sum;
}

// ------------------------------------------------------------ ahc015
static std::vector<int> candy_load(const std::string& dir) {
    auto lines = read_lines(dir + "/ahc015/0000.txt");
    std::istringstream in(lines[0]);
    std::vector<int> f(100);
    for (int i = 0; i < 100; i++) in >> f[i];
    return f;
}

static inline void tilt(unsigned char* b, bool back) {
    // Compact each column in place without data-dependent branches.
    const int first = back ? 90 : 0, step = back ? -10 : 10;
    for (int c = 0; c < 10; c++) {
        int w = first + c, r = first + c, kept = 0;
        for (int i = 0; i < 10; i++, r += step) {
            unsigned char v = b[r];
            b[w] = v;
            w += step & -(int)(v != 0);
            kept += v != 0;
        }
        for (int i = 0, p = first + c; i < 10; i++, p += step) b[p] = i < kept ? b[p] : 0;
    }
}

static i64 candy_run(const std::vector<int>& f, i64 count) {
    i64 sum = 0;
    alignas(8) unsigned char b[104];
    int seen[100], stack[100];
    for (i64 k = 0; k < count; k++) {
        std::memset(b, 0, sizeof b);
        for (int t = 1; t <= 100; t++) {
            int p = (int)draw((u64)(101 - t));  // 0-based: the p-th empty cell
            int i = 0;
            for (;; i += 8) {
                u64 w;
                std::memcpy(&w, b + i, 8);
                // exact zero-byte mask
                u64 z = ~(((w & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | w | 0x7F7F7F7F7F7F7F7FULL);
                if (i + 8 > 100) z &= (1ULL << (8 * (100 - i))) - 1;  // bytes 100..103 are not cells
                int cnt = __builtin_popcountll(z);
                if (p < cnt) {
                    for (int q = 0; q < p; q++) z &= z - 1;
                    i += __builtin_ctzll(z) >> 3;
                    break;
                }
                p -= cnt;
            }
            b[i] = (unsigned char)f[t - 1];
            if (t < 100) tilt(b, f[t] == 1);
        }
        for (int i = 0; i < 100; i++) seen[i] = 0;
        i64 total = 0;
        for (int s0 = 0; s0 < 100; s0++) {
            if (!b[s0] || seen[s0]) continue;
            int fl = b[s0], top = 0, size = 0;
            seen[s0] = 1;
            stack[top++] = s0;
            while (top) {
                int c = stack[--top];
                size++;
                int r = c / 10, cc = c % 10;
                if (r > 0 && !seen[c - 10] && b[c - 10] == fl) { seen[c - 10] = 1; stack[top++] = c - 10; }
                if (r < 9 && !seen[c + 10] && b[c + 10] == fl) { seen[c + 10] = 1; stack[top++] = c + 10; }
                if (cc > 0 && !seen[c - 1] && b[c - 1] == fl) { seen[c - 1] = 1; stack[top++] = c - 1; }
                if (cc < 9 && !seen[c + 1] && b[c + 1] == fl) { seen[c + 1] = 1; stack[top++] = c + 1; }
            }
            total += (i64)size * size;
        }
        sum += total;
    }
    return sum;
}

// ------------------------------------------------------------ codevs
// Column-major, bottom-up, a frame of empty cells around: cell(x, y) = (x+1)*ROWS + y+1.
constexpr int CW = 10, CROWS = 22, CCOLS = 12, CCELLS = CCOLS * CROWS;
struct Field {
    signed char cell[CCELLS];
    int height[CW];
};
static int NB8[8];

static inline int at(int x, int y) { return (x + 1) * CROWS + y + 1; }

static int resolve(Field& f, int* low) {  // low[x]: lowest changed row of column x (99: none)
    int chains = 0;
    static unsigned char mark[CCELLS];
    for (;;) {
        int lowest[CW];
        bool any = false;
        for (int x = 0; x < CW; x++) lowest[x] = 99;
        for (int x = 0; x < CW; x++)
            for (int y = low[x]; y < f.height[x]; y++) {
                int p = at(x, y), v = f.cell[p];
                if (v > 9) continue;
                for (int k = 0; k < 8; k++) {
                    int q = p + NB8[k];
                    if (f.cell[q] + v == 10) {
                        mark[p] = mark[q] = 1;
                        any = true;
                        int qx = q / CROWS - 1, qy = q % CROWS - 1;
                        if (qy < lowest[qx]) lowest[qx] = qy;
                        if (y < lowest[x]) lowest[x] = y;
                    }
                }
            }
        if (!any) return chains;
        chains++;
        for (int x = 0; x < CW; x++) {
            low[x] = 99;
            if (lowest[x] == 99) continue;
            int w = at(x, lowest[x]), end = at(x, f.height[x]);
            for (int p = w; p < end; p++) {
                if (mark[p]) mark[p] = 0;
                else f.cell[w++] = f.cell[p];
            }
            for (int p = w; p < end; p++) f.cell[p] = 0;
            f.height[x] = w - at(x, 0);
            if (lowest[x] < f.height[x]) low[x] = lowest[x];
        }
    }
}

static std::vector<std::vector<int>> packs_load(const std::string& dir) {
    auto lines = read_lines(dir + "/codevs/packs_1.txt");
    std::vector<std::vector<int>> packs;
    for (int k = 0; k < 500; k++) {
        int a, b, c, d;
        std::sscanf(lines[3 * k].c_str(), "%d %d", &a, &b);
        std::sscanf(lines[3 * k + 1].c_str(), "%d %d", &c, &d);
        packs.push_back({a, b, c, d});
    }
    return packs;
}

static i64 codevs_run(const std::vector<std::vector<int>>& packs, i64 count, bool candidates) {
    int k = 0;
    for (int dx = -1; dx <= 1; dx++)
        for (int dy = -1; dy <= 1; dy++)
            if (dx || dy) NB8[k++] = dx * CROWS + dy;
    Field f;
    std::memset(&f, 0, sizeof f);
    i64 sum = 0;
    int low[CW];
    for (i64 t = 0; t < count; t++) {
        const auto& p0 = packs[t % 500];
        int x = (int)draw(9), r = (int)draw(4);
        int a = p0[0], b = p0[1], c = p0[2], d = p0[3];
        for (int i = 0; i < r; i++) {  // a b / c d -> c a / d b
            int na = c, nb = a, nc = d, nd = b;
            a = na; b = nb; c = nc; d = nd;
        }
        for (int i = 0; i < CW; i++) low[i] = 99;
        int colv[2][2] = {{c, a}, {d, b}};
        for (int s = 0; s < 2; s++) {
            int col = x + s, h = f.height[col];
            low[col] = h;
            for (int v : colv[s])
                if (v) f.cell[at(col, h++)] = (signed char)v;
            f.height[col] = h;
        }
        int chains = resolve(f, low);
        bool dead = false;
        for (int i = 0; i < CW; i++) dead |= f.height[i] > 16;
        if (dead) std::memset(&f, 0, sizeof f);
        if (!candidates) {
            sum += chains;
            continue;
        }
        int best = 0;
        for (int col = 0; col < CW; col++)
            for (int v = 1; v <= 9; v++) {
                Field g = f;
                int h = g.height[col];
                g.cell[at(col, h)] = (signed char)v;
                g.height[col] = h + 1;
                for (int i = 0; i < CW; i++) low[i] = 99;
                low[col] = h;
                int got = resolve(g, low);
                if (got > best) best = got;
            }
        sum += best;
    }
    return sum;
}

// ------------------------------------------------------------ comesolo
struct Peg {
    int R, C, W;
    std::vector<unsigned char> root;  // 0 empty, 1 piece, 2 wall; a 2-cell frame
    int off[8], dr[8];
};

static Peg peg_load(const std::string& dir) {
    auto lines = read_lines(dir + "/comesolo/rand_30_d60.txt");
    Peg g;
    int a = 0, b = 0;
    int got = std::sscanf(lines[0].c_str(), "%d %d", &a, &b);
    g.R = a;
    g.C = got == 2 ? b : a;
    g.W = g.C + 4;
    g.root.assign((g.R + 4) * g.W, 2);
    for (int i = 0; i < g.R; i++)
        for (int j = 0; j < g.C; j++) g.root[(i + 2) * g.W + j + 2] = lines[1 + i][j] == '1';
    int D[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};
    for (int d = 0; d < 8; d++) {
        g.off[d] = D[d][0] * g.W + D[d][1];
        g.dr[d] = D[d][0];
    }
    return g;
}

static i64 peg_run(const Peg& g, i64 count) {
    std::vector<unsigned char> grid = g.root, mask(grid.size(), 0);
    std::vector<int> rowc(g.R + 4, 0);
    int total = 0;
    auto bit = [&](int c, int d) -> int {
        return grid[c] == 1 && grid[c + g.off[d]] == 1 && grid[c + 2 * g.off[d]] == 0;
    };
    auto rebuild = [&]() {
        total = 0;
        for (int r = 0; r < g.R + 4; r++) rowc[r] = 0;
        for (int r = 2; r < g.R + 2; r++)
            for (int c = r * g.W + 2; c < r * g.W + g.C + 2; c++) {
                int m = 0;
                for (int d = 0; d < 8; d++) m |= bit(c, d) << d;
                mask[c] = (unsigned char)m;
                rowc[r] += __builtin_popcount(m);
            }
        for (int r = 0; r < g.R + 4; r++) total += rowc[r];
    };
    auto set_bit = [&](int c, int row, int d) {
        int was = (mask[c] >> d) & 1, now = bit(c, d);
        if (was != now) {
            mask[c] ^= (unsigned char)(1 << d);
            rowc[row] += now - was;
            total += now - was;
        }
    };
    rebuild();
    i64 sum = 0, made = 0;
    while (made < count) {
        if (total == 0) {
            grid = g.root;
            rebuild();
            continue;
        }
        int k = (int)draw((u64)total);
        int r = 2;
        while (k >= rowc[r]) k -= rowc[r++];
        int c = r * g.W + 2;
        for (;; c++) {
            int pc = __builtin_popcount(mask[c]);
            if (k < pc) break;
            k -= pc;
        }
        unsigned m = mask[c];
        for (int q = 0; q < k; q++) m &= m - 1;
        int d = __builtin_ctz(m);
        int x = c, y = c + g.off[d], z = y + g.off[d];
        grid[x] = 0;
        grid[y] = 0;
        grid[z] = 1;
        int rows[3] = {r, r + g.dr[d], r + 2 * g.dr[d]};
        int cells[3] = {x, y, z};
        for (int i = 0; i < 3; i++)
            for (int e = 0; e < 8; e++) {
                set_bit(cells[i], rows[i], e);
                set_bit(cells[i] - g.off[e], rows[i] - g.dr[e], e);
                set_bit(cells[i] - 2 * g.off[e], rows[i] - 2 * g.dr[e], e);
            }
        made++;
        sum += (i64)(((r - 2) * g.C + (c - r * g.W - 2)) * 8 + d);
    }
    return sum;
}

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: engines CASES_FOLDER FIGURE COUNT\n");
        return 2;
    }
    std::string dir = argv[1], name = argv[2];
    i64 count = std::atoll(argv[3]);
    i64 checksum = 0;
    auto start = std::chrono::steady_clock::now();
    auto begin = [&]() { start = std::chrono::steady_clock::now(); };
    if (name == "rolling-balls.rolls" || name == "rolling-balls.score_evals") {
        Rolling r = rolling_load(dir);
        begin();
        checksum = rolling_run(r, count, name == "rolling-balls.score_evals");
    } else if (name == "ahc011.moves" || name == "ahc011.tree_evals") {
        Sliding s = sliding_load(dir);
        begin();
        checksum = sliding_run(s, count, name == "ahc011.tree_evals");
    } else if (name == "ahc015.playouts") {
        auto f = candy_load(dir);
        begin();
        checksum = candy_run(f, count);
    } else if (name == "codevs.drops" || name == "codevs.cand_evals") {
        auto packs = packs_load(dir);
        begin();
        checksum = codevs_run(packs, count, name == "codevs.cand_evals");
    } else if (name == "comesolo.moves") {
        Peg g = peg_load(dir);
        begin();
        checksum = peg_run(g, count);
    } else {
        std::fprintf(stderr, "unknown figure %s\n", name.c_str());
        return 2;
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%s ops=%lld seconds=%.4f rate=%.6g checksum=%lld\n", name.c_str(), (long long)count,
                seconds, count / seconds, (long long)checksum);
    return 0;
}
