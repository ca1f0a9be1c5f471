/* bst: a binary search tree in a static node pool (indices instead of
 * pointers) and an AVL tree with rotations on malloc'd nodes: insert,
 * search, delete (BST), in-order traversal with an explicit stack,
 * height and balance checks.  Input: numbers (text): keys to insert;
 * keys are then looked up and every third one deleted. */
#include "corpus.h"

#define POOL 256

static int key[POOL], left[POOL], right[POOL], used;

static int bst_insert(int root, int k)
{
    if (root < 0) {
        if (used == POOL)
            return -1;
        key[used] = k;
        left[used] = right[used] = -1;
        return used++;
    }
    if (k < key[root])
        left[root] = bst_insert(left[root], k);
    else if (k > key[root])
        right[root] = bst_insert(right[root], k);
    return root;
}

static int bst_delete(int root, int k)
{
    if (root < 0)
        return -1;
    if (k < key[root]) {
        left[root] = bst_delete(left[root], k);
    } else if (k > key[root]) {
        right[root] = bst_delete(right[root], k);
    } else {
        if (left[root] < 0)
            return right[root];
        if (right[root] < 0)
            return left[root];
        int m = right[root];
        while (left[m] >= 0)
            m = left[m];
        key[root] = key[m];
        right[root] = bst_delete(right[root], key[m]);
    }
    return root;
}

static int bst_find(int root, int k)
{
    while (root >= 0 && key[root] != k)
        root = k < key[root] ? left[root] : right[root];
    return root >= 0;
}

static void inorder(int root, const char *label)
{
    int stack[POOL], sp = 0, count = 0;
    mcveto_print(label);
    mcveto_putc(':');
    while (root >= 0 || sp) {
        while (root >= 0) {
            stack[sp++] = root;
            root = left[root];
        }
        root = stack[--sp];
        if (count++ < 30) {
            mcveto_putc(' ');
            mcveto_print_int(key[root]);
        }
        mix((unsigned)key[root]);
        root = right[root];
    }
    mcveto_putc('\n');
}

struct avl {
    int k, h;
    struct avl *l, *r;
};

static int ht(struct avl *t) { return t ? t->h : 0; }
static void fix(struct avl *t) { t->h = 1 + (ht(t->l) > ht(t->r) ? ht(t->l) : ht(t->r)); }

static struct avl *rot_right(struct avl *t)
{
    struct avl *l = t->l;
    t->l = l->r;
    l->r = t;
    fix(t);
    fix(l);
    return l;
}

static struct avl *rot_left(struct avl *t)
{
    struct avl *r = t->r;
    t->r = r->l;
    r->l = t;
    fix(t);
    fix(r);
    return r;
}

static unsigned rotations;

static struct avl *avl_insert(struct avl *t, int k)
{
    if (!t) {
        t = malloc(sizeof *t);
        t->k = k;
        t->h = 1;
        t->l = t->r = 0;
        return t;
    }
    if (k < t->k)
        t->l = avl_insert(t->l, k);
    else if (k > t->k)
        t->r = avl_insert(t->r, k);
    else
        return t;
    fix(t);
    int bal = ht(t->l) - ht(t->r);
    if (bal > 1) {
        if (k > t->l->k) {
            t->l = rot_left(t->l);
            rotations++;
        }
        rotations++;
        return rot_right(t);
    }
    if (bal < -1) {
        if (k < t->r->k) {
            t->r = rot_right(t->r);
            rotations++;
        }
        rotations++;
        return rot_left(t);
    }
    return t;
}

static int avl_ok(struct avl *t)
{
    if (!t)
        return 1;
    int d = ht(t->l) - ht(t->r);
    return d >= -1 && d <= 1 && avl_ok(t->l) && avl_ok(t->r);
}

int main(void)
{
    int keys[POOL], n = 0, root = -1;
    struct avl *avl = 0;
    unsigned long long v;
    while (n < POOL && in_num(&v)) {
        keys[n++] = (int)v;
        root = bst_insert(root, (int)v);
        avl = avl_insert(avl, (int)v);
    }
    inorder(root, "bst");
    out_i("avl height", ht(avl));
    out_u("rotations", rotations);
    out_i("avl balanced", avl_ok(avl));
    int found = 0;
    for (int i = 0; i < n; i++)
        found += bst_find(root, keys[i]) + bst_find(root, (int)((unsigned)keys[i] + 1));
    out_i("found", found);
    for (int i = 0; i < n; i += 3)
        root = bst_delete(root, keys[i]);
    inorder(root, "after delete");
    return digest();
}
