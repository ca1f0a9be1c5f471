int counter = 0x12345678;
int zeros[1000];
const char msg[] = "hello";
int helper(int x) { return x * 3 + counter; }
void _start(void) {
  zeros[5] = helper(msg[1]);
  for (;;) ;
}
