trap 'echo "solution.sh line $LINENO failed with exit code $?" >&2' ERR
# The reference answer of 06-rebalance-exercise, run at the repository root. It reads WORK (the work folder) and RUN
# (a suffix for the topic and group names: empty for a learner), and defines what steps/intro.md defines.
TOOLS=localhost:9092
WORKER="node --import tsx packages/worker/src/cli.ts"
FILL="node --import tsx packages/worker/src/fill.ts"
DUPS="node --import tsx packages/dups/src/cli.ts"
waitfor() { local pattern=$1; shift; for _ in $(seq 600); do grep -qE -- "$pattern" "$@" 2>/dev/null && return 0; sleep 0.2; done; echo "waitfor: no line matching '$pattern' in $* within 120 s" >&2; return 1; }
mkdir -p $WORK

# step 1: a topic of two partitions with 1000 messages
pnpm -s kafka kafka-topics --bootstrap-server $TOOLS --create --topic pay$RUN --partitions 2 --replication-factor 1
$FILL --topic pay$RUN --count 1000 --partitions 2
pnpm -s kafka kafka-get-offsets --bootstrap-server $TOOLS --topic pay$RUN > $WORK/pay-offsets.txt

# step 2: a member joins mid-stream, without a commit on revoke
$WORKER --name nocommit-a --group nocommit$RUN --topic pay$RUN --delay 0.02 --commit-every 100 > $WORK/nocommit-a.log &
A=$!
waitfor ' commit p1=[1-9]00$' $WORK/nocommit-a.log
$WORKER --name nocommit-b --group nocommit$RUN --topic pay$RUN --delay 0.02 --commit-every 100 > $WORK/nocommit-b.log &
B=$!
waitfor ' processed p0 offset 499$' $WORK/nocommit-a.log $WORK/nocommit-b.log
waitfor ' processed p1 offset 499$' $WORK/nocommit-a.log $WORK/nocommit-b.log
kill $A $B
wait $A $B
$DUPS $WORK/nocommit-a.log $WORK/nocommit-b.log > $WORK/dups-nocommit.txt

# step 3: the same with a commit on revoke
$WORKER --name revcommit-a --group revcommit$RUN --topic pay$RUN --delay 0.02 --commit-every 100 --revoke-commit > $WORK/revcommit-a.log &
A=$!
waitfor ' commit p1=[1-9]00$' $WORK/revcommit-a.log
$WORKER --name revcommit-b --group revcommit$RUN --topic pay$RUN --delay 0.02 --commit-every 100 --revoke-commit > $WORK/revcommit-b.log &
B=$!
waitfor ' processed p0 offset 499$' $WORK/revcommit-a.log $WORK/revcommit-b.log
waitfor ' processed p1 offset 499$' $WORK/revcommit-a.log $WORK/revcommit-b.log
kill $A $B
wait $A $B
$DUPS $WORK/revcommit-a.log $WORK/revcommit-b.log > $WORK/dups-revcommit.txt

# step 4: a message that outlasts max.poll.interval.ms
pnpm -s kafka kafka-topics --bootstrap-server $TOOLS --create --topic slow$RUN --partitions 1 --replication-factor 1
SLOW="--group maxpoll$RUN --topic slow$RUN --delay 0.5 --commit-every 1 --max-poll-interval-ms 10000 --session-timeout-ms 6000"
$WORKER --name slow-a $SLOW --slow-at 3 --slow-sec 15 > $WORK/slow-a.log &
A=$!
waitfor ' assigned \[p0\]$' $WORK/slow-a.log
$WORKER --name slow-b $SLOW > $WORK/slow-b.log &
B=$!
waitfor ' assigned \[\]$' $WORK/slow-b.log
$FILL --topic slow$RUN --count 10 --partitions 1
waitfor ' lost \[p0\]$' $WORK/slow-a.log
waitfor ' processed p0 offset 9$' $WORK/slow-a.log $WORK/slow-b.log
kill $A $B
wait $A $B
$DUPS $WORK/slow-a.log $WORK/slow-b.log > $WORK/dups-maxpoll.txt

# step 5: what the logs say about it
{
  echo "exceeded_by_ms=$(sed -nE 's/.* MAXPOLL .* exceeded by ([0-9]+)ms.*/\1/p' $WORK/slow-a.log | head -1)"
  echo "commit_error=$(sed -nE 's/.* commit failed: ([A-Z_]+) .*/\1/p' $WORK/slow-a.log | head -1)"
  echo "processed_twice=$(sed -nE 's/^ +p0: offset ([0-9]+)(\.\.[0-9]+)? .*/\1\2/p' $WORK/dups-maxpoll.txt | paste -sd, -)"
  echo "a_callback=$(sed -nE '/ slow p0 offset 3 /,$ s/.* (lost|revoked) \[p0\]$/\1/p' $WORK/slow-a.log | head -1)"
} > $WORK/maxpoll.txt
cat $WORK/maxpoll.txt
