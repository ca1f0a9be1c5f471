/* lists: heap-allocated linked structures through the harness malloc
 * (a bump allocator on brk): a singly linked list built from the input,
 * reversed in place, merge-sorted, deduplicated; a doubly linked list
 * used as a deque; pointer chasing with NULL checks.  Input: numbers
 * (text), any count (each node is 16 bytes of heap). */
#include "corpus.h"

struct node {
    int v;
    struct node *next;
};

struct dnode {
    int v;
    struct dnode *prev, *next;
};

static struct node *cons(int v, struct node *next)
{
    struct node *n = malloc(sizeof *n);
    if (!n) {
        mcveto_puts("out of memory");
        exit(3);
    }
    n->v = v;
    n->next = next;
    return n;
}

static struct node *reverse(struct node *l)
{
    struct node *r = 0;
    while (l) {
        struct node *n = l->next;
        l->next = r;
        r = l;
        l = n;
    }
    return r;
}

static struct node *merge(struct node *a, struct node *b)
{
    struct node head, *t = &head;
    while (a && b) {
        if (a->v <= b->v) {
            t->next = a;
            a = a->next;
        } else {
            t->next = b;
            b = b->next;
        }
        t = t->next;
    }
    t->next = a ? a : b;
    return head.next;
}

static struct node *msort(struct node *l)
{
    if (!l || !l->next)
        return l;
    struct node *slow = l, *fast = l->next;
    while (fast && fast->next) {
        slow = slow->next;
        fast = fast->next->next;
    }
    struct node *b = slow->next;
    slow->next = 0;
    return merge(msort(l), msort(b));
}

static void print_list(const char *label, const struct node *l)
{
    mcveto_print(label);
    mcveto_putc(':');
    int k = 0;
    for (; l && k < 40; l = l->next, k++) {
        mcveto_putc(' ');
        mcveto_print_int(l->v);
        mix((unsigned)l->v);
    }
    if (l)
        mcveto_print(" ...");
    mcveto_putc('\n');
}

int main(void)
{
    struct node *l = 0;
    int n = 0;
    unsigned long long v;
    while (in_num(&v)) {
        l = cons((int)v, l);
        n++;
    }
    out_i("n", n);
    print_list("input reversed", l);
    l = reverse(l);
    print_list("input", l);
    l = msort(l);
    print_list("sorted", l);
    int removed = 0;
    for (struct node *p = l; p && p->next;) {
        if (p->next->v == p->v) {
            p->next = p->next->next; /* the bump allocator never frees */
            removed++;
        } else {
            p = p->next;
        }
    }
    print_list("unique", l);
    out_i("duplicates", removed);
    /* deque: push odd values at the front, even at the back */
    struct dnode *front = 0, *back = 0;
    for (struct node *p = l; p; p = p->next) {
        struct dnode *d = calloc(1, sizeof *d);
        d->v = p->v;
        if (p->v & 1) {
            d->next = front;
            if (front)
                front->prev = d;
            front = d;
            if (!back)
                back = d;
        } else {
            d->prev = back;
            if (back)
                back->next = d;
            back = d;
            if (!front)
                front = d;
        }
    }
    unsigned long long fw = 0, bw = 0; /* wraps: 3^50 */
    unsigned k = 0;
    for (struct dnode *d = front; d; d = d->next)
        fw = fw * 3 + (unsigned long long)(long long)d->v + k++;
    k = 0;
    for (struct dnode *d = back; d; d = d->prev)
        bw = bw * 3 + (unsigned long long)(long long)d->v + k++;
    out_x("deque forward", fw);
    out_x("deque backward", bw);
    mix(fw ^ bw);
    return digest();
}
