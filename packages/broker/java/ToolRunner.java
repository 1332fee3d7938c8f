import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.ByteArrayOutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.utils.Exit;

/**
 * A long-lived JVM that runs Kafka's command-line tools on request, one call at a time, over a Unix socket.
 *
 * Usage: java -cp runner.jar:libs/* ToolRunner SOCKET MAIN_CLASS...  (the main classes it may run)
 *
 * Frames both ways are [type: 1 byte][length: int32][payload]. Client to runner: 'P' a ping (answered 'P'
 * when idle, 'B' when busy), or 'C' the call (main class and arguments, NUL-separated, UTF-8), then 'I' stdin bytes (length 0: end of input) and 'S' a signal
 * (int32 number, as Ctrl-C delivers SIGINT to a JVM). Runner to client: 'A' when it takes the call (send
 * input only after it), 'O' stdout bytes, 'E' stderr bytes, 'X' the exit code (int32), after which it shuts
 * its output and closes the connection once the client has closed its end; or 'B' alone when another call is
 * running. A client that goes away is
 * treated as SIGKILL of the tool: its shutdown hooks run and its output is dropped.
 *
 * Kafka's Exit procedures are replaced so that a tool ends its call, not the JVM: the thread that calls
 * Exit.exit stops there, as it would inside System.exit, the hooks the call registered run, and the code
 * is returned. System.out, System.err and System.in route by thread group to the call a thread belongs to.
 */
public final class ToolRunner {
    private static final long HOOK_LIMIT_MS = 30_000;
    private static final long MAIN_AFTER_SIGNAL_MS = 5_000;
    private static final long LEFTOVER_GRACE_MS = 3_000;

    private static final PrintStream LOG = System.err;
    private static volatile Call current;
    private static volatile boolean retiring;

    public static void main(String[] argv) throws Exception {
        Path socket = Path.of(argv[0]);
        Set<String> allowed = Set.of(Arrays.copyOfRange(argv, 1, argv.length));
        String charset = System.getProperty("sun.stdout.encoding", java.nio.charset.Charset.defaultCharset().name());
        System.setOut(new PrintStream(new Routed(false), true, charset));
        System.setErr(new PrintStream(new Routed(true), true, charset));
        System.setIn(new RoutedInput());
        Exit.setExitProcedure((code, message) -> stopHere(code, true));
        Exit.setHaltProcedure((code, message) -> stopHere(code, false));
        Exit.setShutdownHookAdder((name, hook) -> {
            Call call = callOf(Thread.currentThread());
            if (call != null) call.hooks.add(hook);
        });

        Files.deleteIfExists(socket);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        LOG.println("tool runner: listening on " + socket);
        while (!retiring) {
            SocketChannel channel;
            try {
                channel = server.accept();
            } catch (java.nio.channels.ClosedChannelException e) {
                return; // retiring: the controller closed the socket and exits the JVM
            }
            String[] request;
            try {
                request = readFirstFrame(channel);
            } catch (IOException e) {
                channel.close();
                continue;
            }
            if (request == null || current != null || retiring) {
                // A ping (null) learns whether this runner is idle ('P') or busy ('B'); a call to a busy runner is refused.
                try (channel) {
                    new Frames(channel).send(current != null || retiring ? 'B' : 'P', new byte[0]);
                } catch (IOException ignored) {
                    // the client went away first
                }
                continue;
            }
            Call call = new Call(channel, allowed, request);
            current = call;
            Thread controller = new Thread(() -> {
                call.run();
                List<String> leftovers = call.leftovers();
                if (leftovers.isEmpty()) return;
                // Threads a call leaves behind (a client not closed) would run on beside later calls: retire instead.
                LOG.println("tool runner: threads left by a call " + leftovers + "; retiring when idle");
                retiring = true;
                while (current != null) pause();
                try {
                    server.close();
                    Files.deleteIfExists(socket);
                } catch (IOException ignored) {
                    // exiting anyway
                }
                System.exit(0);
            }, "tool-runner-call");
            controller.start();
        }
    }

    /** The call's main class and arguments, or null for a ping. */
    private static String[] readFirstFrame(SocketChannel channel) throws IOException {
        InputStream in = Channels.newInputStream(channel);
        int type = in.read();
        byte[] payload = readPayload(in);
        if (type == 'P') return null;
        if (type != 'C') throw new IOException("expected a call or a ping, got " + type);
        return new String(payload, StandardCharsets.UTF_8).split("\0", -1);
    }

    /** The exit and halt procedures: records the code, then keeps the calling thread here as System.exit would. */
    private static void stopHere(int code, boolean runHooks) {
        Call call = callOf(Thread.currentThread());
        if (call == null) throw new ToolExit();
        call.events.add(new Event(runHooks ? Event.Kind.EXIT : Event.Kind.HALT, code));
        synchronized (call) {
            call.parked.add(Thread.currentThread());
            while (!call.finished) {
                try {
                    call.wait();
                } catch (InterruptedException ignored) {
                    // keep waiting, as a thread inside System.exit does
                }
            }
        }
        throw new ToolExit();
    }

    /** The live call whose thread group holds `thread`, if any. */
    private static Call callOf(Thread thread) {
        Call call = current;
        if (call == null || call.finished) return null;
        ThreadGroup group = thread.getThreadGroup();
        return group != null && call.group.parentOf(group) ? call : null;
    }

    /** Unwinds a thread stopped by Exit.exit once its call is over; an Error, so tools' catch (Exception) lets it pass. */
    static final class ToolExit extends Error {
        private static final long serialVersionUID = 1L;

        ToolExit() {
            super("the tool called Exit.exit and its call is over", null, false, false);
        }
    }

    record Event(Kind kind, int code) {
        enum Kind { MAIN_RETURNED, EXIT, HALT, SIGNAL }
    }

    /** Writes frames to the client; after the client is gone, writes are dropped. */
    static final class Frames {
        private final SocketChannel channel;
        private boolean broken;

        Frames(SocketChannel channel) {
            this.channel = channel;
        }

        synchronized void send(char type, byte[] payload) {
            send(type, payload, 0, payload.length);
        }

        synchronized void send(char type, byte[] payload, int offset, int length) {
            if (broken) return;
            ByteBuffer frame = ByteBuffer.allocate(5 + length);
            frame.put((byte) type).putInt(length).put(payload, offset, length).flip();
            try {
                while (frame.hasRemaining()) channel.write(frame);
            } catch (IOException e) {
                broken = true;
            }
        }
    }

    /** One tool run: its thread group, standard streams, registered shutdown hooks and outcome. */
    static final class Call {
        final SocketChannel channel;
        final Set<String> allowed;
        final Frames frames;
        final ThreadGroup group = new ThreadGroup("tool-call");
        final List<Runnable> hooks = java.util.Collections.synchronizedList(new ArrayList<>());
        final List<Thread> parked = new ArrayList<>();
        final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
        final FrameInput stdin = new FrameInput();
        final OutputStream out;
        final OutputStream err;
        volatile boolean finished;
        /** True once the reader takes the client's frames: it, not the end of the call, closes the channel then. */
        volatile boolean reading;
        ToolMain main;

        final String[] request;

        Call(SocketChannel channel, Set<String> allowed, String[] request) {
            this.channel = channel;
            this.allowed = allowed;
            this.request = request;
            this.frames = new Frames(channel);
            this.out = new LauncherFrames(new BufferedOutputStream(new FrameOutput(frames, 'O'), 8192));
            this.err = new LauncherFrames(new BufferedOutputStream(new FrameOutput(frames, 'E'), 8192));
        }

        void run() {
            int code;
            try {
                if (!allowed.contains(request[0])) {
                    err.write(("tool runner: " + request[0] + " is not one of the tools it runs\n").getBytes(StandardCharsets.UTF_8));
                    code = 2;
                } else {
                    frames.send('A', new byte[0]);
                    startReader();
                    code = runTool(request[0], Arrays.copyOfRange(request, 1, request.length));
                }
            } catch (IOException | RuntimeException e) {
                LOG.println("tool runner: call failed: " + e);
                code = 2;
            }
            try {
                err.flush();
                out.flush();
            } catch (IOException ignored) {
                // a client that went away loses its output
            }
            synchronized (this) {
                finished = true;
                notifyAll();
            }
            // Free before the exit code goes out, so the client's next call finds this runner idle.
            current = null;
            frames.send('X', ByteBuffer.allocate(4).putInt(code).array());
            // A tool that never read its input can end before the client has sent it: closing the channel now would
            // fail that late write (EPIPE), and the client would lose the exit code still unread in its buffer. So
            // only the output side closes here; the reader closes the channel once the client closes its end.
            try {
                if (reading) channel.shutdownOutput();
                else channel.close();
            } catch (IOException ignored) {
                // closed already
            }
        }

        private void startReader() {
            reading = true;
            Thread reader = new Thread(() -> {
                try {
                    InputStream in = Channels.newInputStream(channel);
                    for (;;) {
                        int type = in.read();
                        if (type < 0) break;
                        byte[] payload = readPayload(in);
                        if (type == 'I') {
                            if (payload.length == 0) stdin.end();
                            else stdin.feed(payload);
                        } else if (type == 'S') {
                            events.add(new Event(Event.Kind.SIGNAL, 128 + ByteBuffer.wrap(payload).getInt()));
                        }
                    }
                } catch (IOException ignored) {
                    // the client is gone
                }
                stdin.end();
                if (!finished) events.add(new Event(Event.Kind.SIGNAL, 128 + 9));
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // closed already
                }
            }, "tool-runner-reader");
            reader.setDaemon(true);
            reader.start();
        }

        private int runTool(String mainClass, String[] args) {
            main = new ToolMain(this, mainClass, args);
            main.start();
            Event event = take();
            if (event.kind() == Event.Kind.MAIN_RETURNED) {
                // The JVM waits for the tool's non-daemon threads after main returns, and exits 1 after an uncaught exception.
                Event other;
                while ((other = events.poll()) == null && liveNonDaemons() > 0) pause();
                if (other != null) event = other;
            }
            if (event.kind() != Event.Kind.HALT) runHooks();
            if (event.kind() == Event.Kind.SIGNAL) join(main, MAIN_AFTER_SIGNAL_MS);
            return event.code();
        }

        private Event take() {
            for (;;) {
                try {
                    return events.take();
                } catch (InterruptedException ignored) {
                    // the controller is not interrupted by anyone
                }
            }
        }

        private void runHooks() {
            List<Thread> running = new ArrayList<>();
            synchronized (hooks) {
                for (Runnable hook : hooks) running.add(new Thread(group, hook, "shutdown-hook"));
            }
            running.forEach(Thread::start);
            long deadline = System.currentTimeMillis() + HOOK_LIMIT_MS;
            for (Thread hook : running) join(hook, Math.max(1, deadline - System.currentTimeMillis()));
        }

        private int liveNonDaemons() {
            int count = 0;
            for (Thread thread : threads()) {
                if (thread.isAlive() && !thread.isDaemon() && !parkedHere(thread)) count++;
            }
            return count;
        }

        private synchronized boolean parkedHere(Thread thread) {
            return parked.contains(thread);
        }

        private List<Thread> threads() {
            Thread[] all = new Thread[group.activeCount() + 16];
            int n = group.enumerate(all, true);
            return Arrays.asList(all).subList(0, n);
        }

        /** The names of the call's threads still alive a few seconds after it ended. */
        List<String> leftovers() {
            long deadline = System.currentTimeMillis() + LEFTOVER_GRACE_MS;
            while (System.currentTimeMillis() < deadline && threads().stream().anyMatch(Thread::isAlive)) pause();
            return threads().stream().filter(Thread::isAlive).map(Thread::getName).toList();
        }
    }

    private static void join(Thread thread, long millis) {
        try {
            thread.join(millis);
        } catch (InterruptedException ignored) {
            // the controller is not interrupted by anyone
        }
    }

    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException ignored) {
            // the controller is not interrupted by anyone
        }
    }

    private static byte[] readPayload(InputStream in) throws IOException {
        byte[] header = in.readNBytes(4);
        if (header.length < 4) throw new IOException("truncated frame");
        int length = ByteBuffer.wrap(header).getInt();
        byte[] payload = in.readNBytes(length);
        if (payload.length < length) throw new IOException("truncated frame");
        return payload;
    }

    /**
     * The tool's main thread: runs main through a method handle, whose frames stack traces do not show, so
     * the only frame below main is ToolMain.run, which LauncherFrames removes from the call's output.
     */
    static final class ToolMain extends Thread {
        private final Call call;
        private final String mainClass;
        private final String[] args;

        ToolMain(Call call, String mainClass, String[] args) {
            super(call.group, "main");
            this.call = call;
            this.mainClass = mainClass;
            this.args = args;
        }

        @Override
        public void run() {
            MethodHandle main;
            try {
                main = MethodHandles.publicLookup()
                    .findStatic(Class.forName(mainClass), "main", MethodType.methodType(void.class, String[].class));
            } catch (ReflectiveOperationException e) {
                System.err.println("Error: Could not find or load main class " + mainClass);
                call.events.add(new Event(Event.Kind.MAIN_RETURNED, 1));
                return;
            }
            try {
                main.invokeExact(args);
                call.events.add(new Event(Event.Kind.MAIN_RETURNED, 0));
            } catch (ToolExit e) {
                // stopped by Exit.exit: the exit event is already there
            } catch (Throwable e) {
                System.err.print("Exception in thread \"main\" ");
                e.printStackTrace();
                call.events.add(new Event(Event.Kind.MAIN_RETURNED, 1));
            }
        }
    }

    /**
     * Removes the runner's one stack frame below a tool's main from the lines it prints, and the one frame
     * it adds to the "... n more" of a cause, so stack traces read as a JVM of its own prints them.
     */
    static final class LauncherFrames extends OutputStream {
        private static final Pattern FRAME = Pattern.compile("\tat ToolRunner\\$ToolMain\\.run\\(.*\\)\r?");
        private static final Pattern MORE = Pattern.compile("(\\s*\\.\\.\\. )(\\d+)( more\r?)");
        private final OutputStream out;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private boolean belowMain;

        LauncherFrames(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            line.write(b);
            if (b == '\n') endLine();
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            for (int i = off; i < off + len; i++) write(b[i]);
        }

        @Override
        public void flush() throws IOException {
            line.writeTo(out);
            line.reset();
            out.flush();
        }

        private void endLine() throws IOException {
            byte[] bytes = line.toByteArray();
            line.reset();
            String text = new String(bytes, 0, bytes.length - 1, StandardCharsets.ISO_8859_1);
            if (FRAME.matcher(text).matches()) {
                belowMain = true;
                return;
            }
            if (belowMain) {
                Matcher more = MORE.matcher(text);
                if (more.matches()) {
                    int frames = Integer.parseInt(more.group(2)) - 1;
                    if (frames > 0) out.write((more.group(1) + frames + more.group(3) + "\n").getBytes(StandardCharsets.ISO_8859_1));
                    return;
                }
                if (!text.startsWith("\t") && !text.startsWith("Caused by: ")) belowMain = false;
            }
            out.write(bytes);
        }
    }

    /** The bytes of one stream of a call, sent as frames of `type`. */
    static final class FrameOutput extends OutputStream {
        private final Frames frames;
        private final char type;

        FrameOutput(Frames frames, char type) {
            this.frames = frames;
            this.type = type;
        }

        @Override
        public void write(int b) {
            frames.send(type, new byte[] {(byte) b});
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (len > 0) frames.send(type, b, off, len);
        }
    }

    /** System.out or System.err: the stream of the writing thread's call, else the runner's log. */
    static final class Routed extends OutputStream {
        private final boolean err;

        Routed(boolean err) {
            this.err = err;
        }

        private OutputStream target() {
            Call call = callOf(Thread.currentThread());
            if (call == null) return LOG;
            return err ? call.err : call.out;
        }

        @Override
        public void write(int b) {
            OutputStream target = target();
            try {
                target.write(b);
            } catch (IOException ignored) {
                // a client that went away loses its output
            }
        }

        @Override
        public void write(byte[] b, int off, int len) {
            try {
                target().write(b, off, len);
            } catch (IOException ignored) {
                // a client that went away loses its output
            }
        }

        @Override
        public void flush() {
            try {
                target().flush();
            } catch (IOException ignored) {
                // a client that went away loses its output
            }
        }
    }

    /** System.in: the input of the reading thread's call; end of input for any other thread. */
    static final class RoutedInput extends InputStream {
        @Override
        public int read() throws IOException {
            Call call = callOf(Thread.currentThread());
            return call == null ? -1 : call.stdin.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            Call call = callOf(Thread.currentThread());
            return call == null ? -1 : call.stdin.read(b, off, len);
        }

        @Override
        public int available() {
            Call call = callOf(Thread.currentThread());
            return call == null ? 0 : call.stdin.available();
        }
    }

    /** Bytes that arrive in 'I' frames, readable as a blocking stream that ends at the empty frame. */
    static final class FrameInput extends InputStream {
        private final java.util.ArrayDeque<byte[]> chunks = new java.util.ArrayDeque<>();
        private int offset;
        private boolean ended;

        synchronized void feed(byte[] chunk) {
            chunks.add(chunk);
            notifyAll();
        }

        synchronized void end() {
            ended = true;
            notifyAll();
        }

        @Override
        public synchronized int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) return 0;
            while (chunks.isEmpty() && !ended) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    throw new java.io.InterruptedIOException();
                }
            }
            if (chunks.isEmpty()) return -1;
            byte[] chunk = chunks.peek();
            int n = Math.min(len, chunk.length - offset);
            System.arraycopy(chunk, offset, b, off, n);
            offset += n;
            if (offset == chunk.length) {
                chunks.remove();
                offset = 0;
            }
            return n;
        }

        @Override
        public synchronized int available() {
            return chunks.isEmpty() ? 0 : chunks.peek().length - offset;
        }
    }
}
